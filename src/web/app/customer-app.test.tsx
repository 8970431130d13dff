// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../shared/site';
import { Link, useLocation, useNavigate, useParams } from '../components/navigation/router';
import { resetCustomerPageBetweenTests, stubFetch } from '../test/render-app';
import { customerApp } from './customer-app';
import { matchCustomerRoute, type CustomerMatch, type PageModule } from './customer-routes';
import { AppProviders, createQueryClient } from './providers';

// The customer app's own router (issue 36): what the data router gave the customer screens, kept.
// The screens themselves are tested on the data router (renderApp); the browser tests run them here.

resetCustomerPageBetweenTests();

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // Chromium's scroll methods return a promise (an effect that returned it broke the next navigation).
  scrollTo = vi.fn(() => Promise.resolve());
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.sessionStorage.clear();
  setScrollY(0);
});
afterEach(() => window.history.replaceState(null, '', '/'));

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

async function open(path: string, match: CustomerMatch | null = matchCustomerRoute(new URL(path, 'http://x').pathname)) {
  window.history.replaceState(null, '', path);
  if (!match) throw new Error(`${path} is not a customer route`);
  const app = await customerApp(match);
  return render(<AppProviders queryClient={createQueryClient()}>{app}</AppProviders>);
}

const page = (Page: () => ReactNode): CustomerMatch['route']['load'] => async () => ({ default: Page }) as PageModule;

function Probe() {
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const params = useParams();
  return (
    <div>
      <h1>Probe</h1>
      <p>
        at {pathname} with {JSON.stringify(params)} and {JSON.stringify(state)}
      </p>
      <button type="button" onClick={() => void navigate('/thank-you', { state: { reference: 'AR-AAAA-BBBB' } })}>
        Send
      </button>
      <button type="button" onClick={() => void navigate('/quote')}>
        Old address
      </button>
      <Link to="/sign-in">Sign in</Link>
    </div>
  );
}

const probeAt = (pattern: '/quote/:id'): CustomerMatch => ({ route: { pattern, title: 'Probe', load: page(Probe) }, params: { id: '7' } });

describe('the customer app', () => {
  it('shows the screen opened, titled, with its params', async () => {
    await open('/thank-you?ref=AR-7K3Q-9XPM');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('AR-7K3Q-9XPM')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Thank you | ${site.brand}`));

    window.history.replaceState(null, '', '/quote/7');
    render(<AppProviders queryClient={createQueryClient()}>{await customerApp(probeAt('/quote/:id'))}</AppProviders>);
    expect(screen.getByText(/at \/quote\/7 with \{"id":"7"\} and null/)).toBeInTheDocument();
  });

  it('moves between customer screens in the page: history entry with state, title, focus on the heading, the top of the page', async () => {
    window.history.replaceState(null, '', '/quote/7');
    render(<AppProviders queryClient={createQueryClient()}>{await customerApp(probeAt('/quote/:id'))}</AppProviders>);
    const before = window.history.length;
    setScrollY(640);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    // Focus moves in an effect after the screen shows (a busy machine may show the screen first).
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('AR-AAAA-BBBB')).toBeInTheDocument(); // read from the history state
    expect(window.location.pathname).toBe('/thank-you');
    expect(window.history.length).toBe(before + 1);
    expect(window.history.state).toMatchObject({ usr: { reference: 'AR-AAAA-BBBB' }, idx: 1 });
    expect(document.title).toBe(`Thank you | ${site.brand}`);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    // Back: the address's screen (the real quote page, loading), where it was scrolled to.
    stubFetch(() => new Promise<Response>(() => {}));
    setScrollY(0);
    act(() => window.history.back());
    await waitFor(() => expect(document.title).toBe(`Your quote | ${site.brand}`));
    expect(window.location.pathname).toBe('/quote/7');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    // Forward again: the thank-you page, no error on the way.
    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Something went wrong' })).toBeNull();
  });

  it('follows the redirect of an old address in place', async () => {
    window.history.replaceState(null, '', '/quote/7');
    stubFetch(() => new Promise<Response>(() => {}));
    render(<AppProviders queryClient={createQueryClient()}>{await customerApp(probeAt('/quote/:id'))}</AppProviders>);
    const before = window.history.length;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Old address' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Get a free quote' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/assessment');
    expect(window.history.length).toBe(before);
  });

  it('leaves a link to a page that is not a customer screen to the browser (a page load)', async () => {
    await open('/thank-you?ref=AR-7K3Q-9XPM');
    // fireEvent returns false when the app prevented the browser's own navigation.
    expect(fireEvent.click(screen.getByRole('link', { name: 'Back to the home page' }))).toBe(true);
    expect(window.location.pathname).toBe('/thank-you');
  });

  it('keeps a link between customer screens in the page', async () => {
    window.history.replaceState(null, '', '/thank-you?id=5');
    stubFetch(() => new Promise<Response>(() => {}));
    render(<AppProviders queryClient={createQueryClient()}>{await customerApp(matchCustomerRoute('/thank-you')!)}</AppProviders>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'your quote page' }))).toBe(false);
    await waitFor(() => expect(window.location.pathname).toBe('/quote/5'));
    await waitFor(() => expect(document.title).toBe(`Your quote | ${site.brand}`));
  });

  it('shows the route error screen inside the site frame when a screen throws', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Fragile(): ReactNode {
      throw new Error('broken');
    }
    window.history.replaceState(null, '', '/quote/7');
    render(
      <AppProviders queryClient={createQueryClient()}>
        {await customerApp({ route: { pattern: '/quote/:id', title: 'Probe', load: page(Fragile) }, params: { id: '7' } })}
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument(); // the header stayed
    consoleError.mockRestore();
  });

  it('asks for a refresh when a screen’s code cannot be fetched (a deploy since the page opened)', async () => {
    window.history.replaceState(null, '', '/quote/7');
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/quote-x.js'));
    render(
      <AppProviders queryClient={createQueryClient()}>
        {await customerApp({ route: { pattern: '/quote/:id', title: 'Probe', load }, params: { id: '7' } })}
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This page needs a refresh' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('matchCustomerRoute', () => {
  it('matches the customer screens with their params, and nothing else', () => {
    expect(matchCustomerRoute('/quote/42')).toMatchObject({ route: { pattern: '/quote/:id' }, params: { id: '42' } });
    expect(matchCustomerRoute('/booking/9/')).toMatchObject({ route: { pattern: '/booking/:quoteId' }, params: { quoteId: '9' } });
    expect(matchCustomerRoute('/checkout')?.route.pattern).toBe('/checkout');
    for (const path of ['/', '/quote', '/quote/', '/admin', '/sign-in', '/quote/1/2', '/services']) expect(matchCustomerRoute(path), path).toBeNull();
  });
});
