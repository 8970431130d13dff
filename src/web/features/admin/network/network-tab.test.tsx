// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it("gives the keyboard to the list's heading when a verified row leaves the filtered list (an operator's review)", async () => {
    const repairer = {
      id: 7, businessName: 'Bristol Dent Co', contactName: null, email: null, phone: null, city: 'Bristol', county: null, postcode: 'BS1 5TY',
      specializations: ['pdr'], serviceRadius: 30, rating: null, isVerified: false, emailSource: null,
      hasAccount: true, invitationPending: false, imported: false, introSentAt: null, unsubscribed: false, applied: false, checksDone: 3,
    };
    let verified = false;
    stubFetch((url) => {
      if (url === '/api/admin/repairers/7/verification') {
        verified = true;
        return jsonResponse({ ...repairer, isVerified: true });
      }
      if (url.startsWith('/api/admin/')) return jsonResponse({}, 404);
      if (!url.startsWith('/api/repairers?')) return jsonResponse({ message: `Unexpected ${url}` }, 404);
      // Filtered on Pending Verification: the row is listed until it is verified.
      const rows = url.includes('verified=false') && verified ? [] : [repairer];
      const answer = jsonResponse(rows);
      answer.headers.set('X-Total-Count', String(rows.length));
      return answer;
    });
    renderApp('/', [{ path: '/', element: <NetworkTab /> }]);
    fireEvent.change(await screen.findByLabelText('Verification'), { target: { value: 'false' } });
    const button = await screen.findByRole('button', { name: 'Verify Bristol Dent Co' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Verify Bristol Dent Co?' })).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify Bristol Dent Co' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('network-heading'));
  });
});
