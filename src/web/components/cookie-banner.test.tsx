// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { site } from '../../shared/site';
import { CookieBanner } from './cookie-banner';

afterEach(cleanup);

function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
}

describe('CookieBanner', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('shows the notice, the privacy link and both choices when nothing is stored', async () => {
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent('We use cookies to improve your experience');
    expect(banner).toHaveTextContent(/essential cookies are used for payment processing/i);
    expect(banner).toHaveTextContent(/analytics cookies/i);
    expect(screen.getByRole('link', { name: /privacy policy/i })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
  });

  it('stores "accepted" and hides on Accept All', async () => {
    renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(window.localStorage.getItem(site.cookieConsentKey)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('stores "declined" and hides on Decline', async () => {
    renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(window.localStorage.getItem(site.cookieConsentKey)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('treats the close (X) button as decline', async () => {
    renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Close cookie banner' }));
    expect(window.localStorage.getItem(site.cookieConsentKey)).toBe('declined');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it.each(['accepted', 'declined'])('stays hidden once "%s" is stored', (value) => {
    window.localStorage.setItem(site.cookieConsentKey, value);
    const { container } = renderBanner();
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing on the server pass, before it has read storage', async () => {
    const { renderToString } = await import('react-dom/server');
    const html = renderToString(
      <MemoryRouter>
        <CookieBanner />
      </MemoryRouter>,
    );
    expect(html).toBe('');
  });
});
