// @vitest-environment jsdom
// The AI Email Collection tab's own rules: the batch size (1–100, anything unparseable is 50),
// collect-all's confirmation with SPEC's 15-30 minute warning, and SPEC's alerts for each way a
// collection can fail (the server's reason, Unknown error, Network error; 'Aggressive' for collect-all).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/render-app';
import { parseBatchSize } from '../../../../shared/api/email-collection';
import { EmailCollectionTab } from './email-collection-tab';

const status = { completionRate: 42.5, withEmails: 17, totalRepairers: 40, collectedByAI: 3, needsCollection: 12, model: true };
const noRun = { run: null };
const result = (over: object) => ({ success: true, error: null, collected: 0, processed: 0, totalEmails: 17, stats: { successRate: 0 }, runId: 7, queued: 12, ...over });

function renderTab(collect: (body: unknown) => Response | Promise<Response>, model = true) {
  const posted: unknown[] = [];
  stubFetch(async (url, init) => {
    if (url.startsWith('/api/admin/email-collection-status')) return jsonResponse({ ...status, model });
    if (url.startsWith('/api/admin/email-collection-results')) return jsonResponse({ results: [] });
    if (url.startsWith('/api/admin/job-runs/email_collection')) return jsonResponse(noRun);
    if (url === '/api/admin/collect-emails') {
      const body: unknown = JSON.parse(String(init?.body));
      posted.push(body);
      return collect(body);
    }
    return jsonResponse({ message: 'unexpected' }, 500);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailCollectionTab />
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('batch size', () => {
  it('is a whole number from 1 to 100; anything unparseable is 50', () => {
    expect(parseBatchSize('20')).toBe(20);
    expect(parseBatchSize(' 7 ')).toBe(7);
    expect(parseBatchSize('0')).toBe(1);
    expect(parseBatchSize('500')).toBe(100);
    for (const bad of ['', 'abc', '12abc', '2.5', '-3', '1e3']) expect(parseBatchSize(bad), bad).toBe(50);
  });
});

describe('the AI Email Collection tab', () => {
  it('shows the status cards and sends the batch size, 50 for an unparseable one', async () => {
    const posted = renderTab(() => jsonResponse(result({})));
    await screen.findByText('42.5%');
    expect(screen.getByText('12')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Batch size'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Collect Batch' }));
    await waitFor(() => expect(posted).toEqual([{ limit: 50, force: false }]));
    expect((screen.getByLabelText('Batch size') as HTMLInputElement).value).toBe('50');
  });

  it('says plainly when no language model is set up, and that plain rules choose (an operator\'s review)', async () => {
    renderTab(() => jsonResponse(result({})), false);
    expect(await screen.findByText(/No language model is set up .*so plain rules choose/)).toBeInTheDocument();
    expect(screen.getByText('No model is set up')).toBeInTheDocument();
    cleanup();
    renderTab(() => jsonResponse(result({})));
    await screen.findByText('42.5%');
    expect(screen.queryByText(/No language model is set up/)).toBeNull();
  });

  it("says 'Collection failed' with the server's reason, or Unknown error", async () => {
    renderTab(() => jsonResponse(result({ success: false, error: 'No repairer with a website is waiting for an e-mail address.', runId: null, queued: 0 })));
    fireEvent.click(await screen.findByRole('button', { name: 'Collect Batch' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Collection failed: No repairer with a website is waiting for an e-mail address.');
    cleanup();
    renderTab(() => jsonResponse(result({ success: false, error: null, runId: null, queued: 0 })));
    fireEvent.click(await screen.findByRole('button', { name: 'Collect Batch' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Collection failed: Unknown error');
    cleanup();
    renderTab(() => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'An e-mail collection is already running. Wait for it to finish or stop it first.' }, 409));
    fireEvent.click(await screen.findByRole('button', { name: 'Collect Batch' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Collection failed: An e-mail collection is already running. Wait for it to finish or stop it first.');
  });

  it("confirms collect-all with SPEC's warning, and says 'Aggressive collection failed: Network error' when the server cannot be reached", async () => {
    const posted = renderTab(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'COLLECT ALL EMAILS' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('It may take 15–30 minutes.');
    expect(dialog.textContent).toContain('(12)');
    fireEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Aggressive collection failed: Network error')).toBe(true));
    expect(posted).toEqual([{ collectAll: true, force: false }]);
  });
});
