// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function load(count: number) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ verifiedRepairerCount: count, paymentsMode: 'test' })));
  vi.stubGlobal('fetch', fetchMock);
  // A fresh module each time: the count is read once per page load.
  const { NetworkSize } = await import('./network-size');
  return { NetworkSize, fetchMock };
}

describe('NetworkSize (D2)', () => {
  it('says no number in the prerendered HTML', async () => {
    const { NetworkSize } = await load(120);
    expect(renderToString(<NetworkSize />)).toContain('a growing network of vetted local technicians');
  });

  it('shows the verified count from GET /api/site after mount, and reads it once', async () => {
    const { NetworkSize, fetchMock } = await load(1234);
    render(
      <p data-testid="copy">
        We work with <NetworkSize /> and <NetworkSize sentenceStart />
      </p>,
    );
    expect(screen.getByTestId('copy')).toHaveTextContent('a growing network');
    await waitFor(() => expect(screen.getByTestId('copy')).toHaveTextContent('We work with 1,234 vetted technicians and 1,234 vetted technicians'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/site');
  });

  it('keeps the phrase without a number below the threshold', async () => {
    const { NetworkSize, fetchMock } = await load(24);
    render(
      <p data-testid="copy">
        <NetworkSize />
      </p>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('copy')).toHaveTextContent('a growing network of vetted local technicians');
  });

  it('uses a count it is given without asking the server', async () => {
    const { NetworkSize, fetchMock } = await load(500);
    render(<NetworkSize count={30} />);
    expect(screen.getByText('30 vetted technicians')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
