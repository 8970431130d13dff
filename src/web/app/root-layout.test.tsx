// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { RootLayout } from './root-layout';

/** Ends the shown page's loading; the test calls it, so no timer races a busy machine's assertions. */
let finishLoading: () => void = () => undefined;

/** A page that shows one heading while it loads and another once its data has come (as /confirmation does). */
function LoadingThenLoaded({ first }: { first: string | null }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    finishLoading = () => setLoaded(true);
    return () => {
      finishLoading = () => undefined;
    };
  }, []);
  if (!loaded)
    return first ? (
      <section key="loading">
        <h1>{first}</h1>
      </section>
    ) : (
      <p role="status">Loading…</p>
    );
  return (
    <div key="loaded">
      <h1>Booking Confirmed</h1>
      <a href="#details">Details</a>
    </div>
  );
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/',
        element: (
          <>
            <h1>Checkout</h1>
            <Link to="/replaced">Pay</Link>
            <Link to="/late">Open</Link>
          </>
        ),
      },
      { path: '/replaced', element: <LoadingThenLoaded first="Confirming your payment…" /> },
      { path: '/late', element: <LoadingThenLoaded first={null} /> },
    ],
  },
];

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('focus after an in-app navigation', () => {
  it('follows the heading when the page replaces it once its data has loaded, instead of leaving focus on nothing', async () => {
    renderApp('/', routes);
    act(() => fireEvent.click(screen.getByRole('link', { name: 'Pay' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toHaveFocus();
    act(() => finishLoading());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' })).toHaveFocus();
  });

  it('moves from the main region to the heading once a loading page has one', async () => {
    renderApp('/', routes);
    act(() => fireEvent.click(screen.getByRole('link', { name: 'Open' })));
    expect(await screen.findByRole('main')).toHaveFocus();
    act(() => finishLoading());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' })).toHaveFocus();
  });

  it('leaves focus where the person has already moved it', async () => {
    renderApp('/', routes);
    act(() => fireEvent.click(screen.getByRole('link', { name: 'Open' })));
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    act(() => skip.focus());
    act(() => finishLoading());
    await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' });
    expect(skip).toHaveFocus();
  });
});
