// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRun } from '../../../../shared/api/job-runs';
import { placesImportMessages } from '../../../../shared/api/places-import';
import { Toaster } from '../../../components/ui/toaster';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';
import { PlacesImport } from './places-import';

afterEach(cleanup);

const running: JobRun = {
  id: 7,
  kind: 'places_import',
  status: 'running',
  total: 64,
  processed: 16,
  succeeded: 16,
  failed: 0,
  percent: 25,
  detail: { repairersBefore: 10, added: 5, updated: 2, skipped: 0, cities: [], lastQuery: 'alloy wheel repair in Birmingham' },
  error: null,
  stopRequested: false,
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
};
const refused = 'Google Places refused the API key (403: The caller does not have permission). Check GOOGLE_PLACES_API_KEY and that the Places API (New) is enabled for it.';

describe('the import from Google Places on the Repairer Network tab', () => {
  it('shows a running import with its reason for not starting another, then the failure toast with the run\'s error', async () => {
    let polls = 0;
    const posts: string[] = [];
    stubFetch((url, init) => {
      if (url === '/api/auth/me') return jsonResponse({ user: null });
      if (url === '/api/repairers/populate-from-google') {
        posts.push(String(init?.body));
        return jsonResponse({ repairerCount: 10, run: { ...running, processed: 0, percent: 0 } });
      }
      if (url === '/api/admin/job-runs/places_import') {
        polls += 1;
        if (posts.length === 0) return jsonResponse({ run: null });
        return jsonResponse({ run: polls < 3 ? running : { ...running, status: 'failed', percent: 100, error: refused, finishedAt: '2026-11-25T10:01:00.000Z' } });
      }
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/', [{ path: '/', element: (
          <>
            <PlacesImport />
            <Toaster />
          </>
        ) }]);
    const start = await screen.findByRole('button', { name: 'Update from Google Places' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.change(screen.getByLabelText('Cities'), { target: { value: 'leeds' } });
    fireEvent.click(start);
    expect(await screen.findByText(/An import is running/)).toBeInTheDocument();
    expect(posts).toEqual([JSON.stringify({ cities: ['leeds'] })]);
    // While it runs the button refuses presses but keeps the keyboard (aria-disabled).
    expect(screen.getByRole('button', { name: 'Update from Google Places' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Update from Google Places' }));
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Update from Google Places' })).toHaveAccessibleDescription(/wait for it to finish, or stop it/);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25%: 16 of 64 searches done');

    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getAllByText(`${placesImportMessages.failed}: ${refused}`).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Update from Google Places' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('says the import is not configured on this server before anyone presses the button (D17)', async () => {
    const posts: string[] = [];
    stubFetch((url, init) => {
      if (url === '/api/repairers/populate-from-google') posts.push(String(init?.body));
      if (url === '/api/admin/job-runs/places_import') return jsonResponse({ run: null, configured: false });
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/', [{ path: '/', element: <PlacesImport /> }]);
    expect(await screen.findByText(placesImportMessages.notConfigured)).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Update from Google Places' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(placesImportMessages.notConfigured);
    fireEvent.click(start);
    expect(posts).toEqual([]);
  });
});
