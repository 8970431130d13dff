// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';
import { useAdminStats } from '../api/get-admin-stats';
import { ReportedProblems } from './reported-problems';

afterEach(cleanup);

/** The dashboard's stat cards, mounted beside the list: the revenue changes with a refund. */
function StatCards() {
  useAdminStats();
  return null;
}

const problem = (payoutId: number) => ({
  payoutId,
  appointmentId: payoutId,
  reference: `AR-TEST-000${payoutId}`,
  customerName: 'Ola Nowak',
  customerEmail: 'ola@example.com',
  technician: 'Acme Dents',
  amount: '76.00',
  reportedAt: '2026-11-18T10:00:00.000Z',
  report: 'The dent is still there.',
});

describe('releasing the technician’s payment after a reported problem', () => {
  it("leaves the keyboard on the list's heading once the problem leaves the list, and reads the stat cards again", async () => {
    let released = false;
    let statReads = 0;
    stubFetch((url) => {
      if (url === '/api/admin/stats') {
        statReads += 1;
        return jsonResponse({ totalEnquiries: 1, pendingQuotes: 0, revenue: '10.00', revenueBreakdown: { fees: '10.00', margin: '0.00', refunds: '0.00' }, repairers: 1 });
      }
      if (url.endsWith('/release')) {
        released = true;
        return jsonResponse({ id: 1, status: 'released', amount: '76.00', releasedAt: '2026-11-27T10:00:00.000Z', providerRef: 'ledger:1' });
      }
      if (url === '/api/admin/reported-problems') return jsonResponse(released ? [problem(2)] : [problem(1), problem(2)]);
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/', [
      {
        path: '/',
        element: (
          <>
            <StatCards />
            <ReportedProblems />
          </>
        ),
      },
    ]);
    const [first] = await screen.findAllByRole('button', { name: /release the technician/ });
    await waitFor(() => expect(statReads).toBe(1));
    first!.focus();
    fireEvent.click(first!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /release the technician/ })).toHaveLength(1));
    expect(document.activeElement?.id).toBe('reported-problems');
    // A review: after a refund or a release the dashboard kept its old figures until reloaded.
    await waitFor(() => expect(statReads).toBe(2));
  });
});

describe('refunding the customer after a reported problem', () => {
  for (const count of [2, 1]) {
    it(`sends the reason, and leaves the keyboard on the list's heading, or the page's content once the list empties (${count} listed)`, async () => {
      const bodies: unknown[] = [];
      stubFetch((url, init) => {
        if (url.endsWith('/refund-customer')) {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ payoutId: 1, appointmentId: 1, refunded: '691.20', paymentStatus: 'refunded', payoutStatus: 'void' });
        }
        if (url === '/api/admin/reported-problems') return jsonResponse(bodies.length > 0 ? [problem(2)].slice(0, count - 1) : [problem(1), problem(2)].slice(0, count));
        return jsonResponse({ message: `Unexpected ${url}` }, 404);
      });
      // Inside the page's main content, as on the dashboard (site-layout.tsx).
      renderApp('/', [
        {
          path: '/',
          element: (
            <main id="main-content" tabIndex={-1}>
              <ReportedProblems />
            </main>
          ),
        },
      ]);
      const [first] = await screen.findAllByRole('button', { name: 'Not put right: refund the customer' });
      first!.focus();
      fireEvent.click(first!);
      // No reason, no request: the dialog says what it needs.
      fireEvent.click(await screen.findByRole('button', { name: 'Refund the customer' }));
      expect(await screen.findByText('Please say in at least 10 characters why the customer is refunded')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/Why is the customer refunded/), { target: { value: 'The dent could not be removed.' } });
      fireEvent.click(screen.getByRole('button', { name: 'Refund the customer' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(bodies).toEqual([{ reason: 'The dent could not be removed.' }]);
      await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Not put right: refund the customer' })).toHaveLength(count - 1));
      await waitFor(() => expect(document.activeElement?.id).toBe(count === 1 ? 'main-content' : 'reported-problems'));
    });
  }

  it("keeps the dialog open with the server's refusal when another admin settled the problem first", async () => {
    const refused = "The technician's payment for this repair is no longer on hold (it has been released), so the customer cannot be refunded here. Refund them from the payment provider's dashboard.";
    let settled = false;
    stubFetch((url) => {
      if (url.endsWith('/refund-customer')) {
        settled = true;
        return jsonResponse({ error: 'conflict', message: refused }, 409);
      }
      if (url === '/api/admin/reported-problems') return jsonResponse(settled ? [] : [problem(1)]);
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/', [{ path: '/', element: <ReportedProblems /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Not put right: refund the customer' }));
    fireEvent.change(await screen.findByLabelText(/Why is the customer refunded/), { target: { value: 'The dent could not be removed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund the customer' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
