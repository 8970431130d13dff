// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';
import { NetworkTab } from './network-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Repairer Network tab', () => {
  it('keeps what an admin types into the search while the list is still loading, and searches for it', async () => {
    const asked: string[] = [];
    let releaseFirstPage = () => undefined as void;
    stubFetch((url) => {
      if (!url.startsWith('/api/repairers?')) return jsonResponse({ message: `Unexpected ${url}` }, 404);
      asked.push(url);
      const answer = jsonResponse([]);
      answer.headers.set('X-Total-Count', url.includes('search=') ? '0' : '120');
      if (asked.length > 1) return answer;
      return new Promise<Response>((resolve) => (releaseFirstPage = () => resolve(answer))); // the unfiltered first page, held back
    });
    renderApp('/', [{ path: '/', element: <NetworkTab /> }]);
    const search = await screen.findByLabelText('Name, town or postcode');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the repairer network…');
    fireEvent.change(search, { target: { value: 'Intro Lane' } });
    releaseFirstPage();
    expect(await screen.findByRole('heading', { name: 'Repairer Network (120)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name, town or postcode')).toHaveValue('Intro Lane');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Repairer Network (0)' })).toBeInTheDocument();
    expect(asked).toEqual(['/api/repairers?page=1', '/api/repairers?page=1&search=Intro+Lane']);
    expect(screen.getByText('No repairers match.')).toBeInTheDocument();
  });
});
