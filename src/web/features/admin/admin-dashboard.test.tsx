// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentView } from '../../test/fixtures';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';
import type { AdminQuoteCard, AdminStats, EnquiryList } from '../../../shared/api/admin';
import { staleQuoteMessage } from '../../../shared/api/admin';

const admin = { user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } };
const stats: AdminStats = { totalEnquiries: 1234, pendingQuotes: 1, revenue: '0.00', revenueBreakdown: { fees: '0.00', margin: '0.00', refunds: '0.00' }, repairers: 12 };

const card: AdminQuoteCard = {
  quote: {
    id: 5,
    assessmentId: 41,
    laborCost: '100.00',
    partsCost: '50.00',
    materialsCost: '0.00',
    autoReviveFee: '30.00',
    vatAmount: '36.00',
    totalCost: '216.00',
    totalPrice: '216.00',
    repairerPayment: '120.00',
    estimatedDays: 1,
    estimatedHours: 3,
    workDescription: [
      { item: 'Labour', cost: 100 },
      { item: 'Parts', cost: 50 },
    ],
    validUntil: '2099-11-23',
    warrantyMonths: 12,
    status: 'pending',
    assignmentStatus: 'unassigned',
    createdAt: '2026-03-02T12:00:00.000Z',
    reference: 'AR-7K3Q-9XPM',
    expired: false,
    approvedAt: null,
  },
  assessment: assessmentView({
    damageType: 'alloy_wheel',
    damageLocations: ['wheel_front_left'],
    damageDescription: 'Kerbed front wheel',
    guidePrice: null,
  }),
  modificationRequests: [],
  revisionDraft: null,
};

const enquiries: EnquiryList = { items: [], total: 0, page: 1, pageSize: 20 };

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function serve(extra: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/auth/me') return jsonResponse(admin);
    if (url === '/api/admin/stats') return jsonResponse(stats);
    if (url.startsWith('/api/admin/quotes?')) return jsonResponse({ items: [card], total: 1, page: 1, pageSize: 10 });
    if (url.startsWith('/api/admin/enquiries')) return jsonResponse(enquiries);
    return jsonResponse({ message: `Unexpected ${url}` }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string, fragment: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes(fragment) && (init?.method ?? 'GET') === method);

async function openCard() {
  renderApp('/admin');
  return screen.findByRole('article', { name: /Priya Shah · AR-7K3Q-9XPM/ });
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin quote desk', () => {
  it('shows the four stat cards and the card with its customer, alloy wheel damage and photos', async () => {
    serve();
    const article = await openCard();
    expect(screen.getByText('Total Enquiries').nextElementSibling).toHaveTextContent('1,234');
    expect(screen.getByText('Revenue').nextElementSibling).toHaveTextContent('£0.00');
    expect(within(article).getByText('Alloy Wheel Repair')).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: /Damage photo 2 of 2/ })).toHaveAttribute('src', '/api/images/8?size=thumb');
  });

  it('recomputes the fee, VAT and total as the admin types labour, before anything is saved', async () => {
    const fetchMock = serve();
    const article = await openCard();
    type(within(article).getByLabelText('Labour (£)'), '200');
    expect(within(article).getByLabelText('Service fee (£)')).toHaveValue(50);
    expect(within(article).getByLabelText('VAT (£)')).toHaveValue(60);
    expect(within(article).getByTestId('live-total')).toHaveTextContent('£360.00');
    expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(0);
  });

  it('says the line items must add up to labour and parts, and sends nothing until they do', async () => {
    const fetchMock = serve();
    const article = await openCard();
    type(within(article).getByLabelText('Labour (£)'), '200');
    expect(within(article).getByText('The line items add up to £150.00, but labour and parts come to £250.00')).toBeInTheDocument();
    fireEvent.click(within(article).getByRole('button', { name: 'Save changes' }));
    expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(0);
    // Save says why it sent nothing, and takes the keyboard to the line items at fault.
    expect(within(article).getByRole('alert')).toHaveTextContent('Please correct the field marked below before saving.');
    expect(document.activeElement).toBe(within(article).getByLabelText('Item 1'));

    type(within(article).getByLabelText('Item 1 cost (£)'), '200');
    expect(within(article).queryByText(/The line items add up to/)).not.toBeInTheDocument();
  });

  it('gives the right VAT when the admin types a wrong one, and offers to use it', async () => {
    serve();
    const article = await openCard();
    type(within(article).getByLabelText('VAT (£)'), '10');
    expect(within(article).getByText('VAT must be £36.00 (20% of £180.00)')).toBeInTheDocument();
    fireEvent.click(within(article).getByRole('button', { name: 'Use £36.00' }));
    expect(within(article).getByLabelText('VAT (£)')).toHaveValue(36);
    expect(within(article).queryByText(/VAT must be/)).not.toBeInTheDocument();
  });

  it('offers the right VAT in pounds as everywhere else, with the thousands separator', async () => {
    serve();
    const article = await openCard();
    type(within(article).getByLabelText('Labour (£)'), '5000');
    type(within(article).getByLabelText('VAT (£)'), '10');
    expect(within(article).getByText('VAT must be £1,212.00 (20% of £6,060.00)')).toBeInTheDocument();
    fireEvent.click(within(article).getByRole('button', { name: 'Use £1,212.00' }));
    expect(within(article).getByLabelText('VAT (£)')).toHaveValue(1212);
  });

  it("saves the six fields with the line items, and shows the server's VAT message on the field when it refuses", async () => {
    const vat = 'VAT must be £44.00 (20% of £220.00)';
    const fetchMock = serve((url) =>
      url.endsWith('/update-full-quote') ? jsonResponse({ error: 'bad_request', message: vat, fieldErrors: { vatAmount: vat } }, 400) : undefined,
    );
    const article = await openCard();
    type(within(article).getByLabelText('Parts and materials (£)'), '60');
    type(within(article).getByLabelText('Item 2 cost (£)'), '60');
    fireEvent.click(within(article).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'POST', 'update-full-quote')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      laborCost: '100.00',
      partsCost: '60',
      autoReviveFee: '32.00',
      repairerPayment: '128.00',
      vatAmount: '38.40',
      estimatedDays: '1',
      workDescription: [
        { item: 'Labour', cost: '100.00' },
        { item: 'Parts', cost: '60' },
      ],
    });
    expect(await within(article).findByText(vat)).toBeInTheDocument();
    expect(within(article).getByLabelText('VAT (£)')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText(`Failed to update quote details: ${vat}`)).toBeInTheDocument();
  });

  it('refuses a valid-until day in the past and a warranty under 12 months or not whole, and sends nothing', async () => {
    const fetchMock = serve();
    const article = await openCard();
    const validUntil = within(article).getByLabelText('Valid until');
    const warranty = within(article).getByLabelText('Warranty (months)');
    expect(validUntil).toHaveValue('2099-11-23');
    expect(validUntil).toHaveAttribute('type', 'date');
    expect(warranty).toHaveValue(12);

    type(validUntil, '2020-01-01');
    expect(within(article).getByText('Valid until cannot be in the past')).toBeInTheDocument();
    expect(validUntil).toHaveAttribute('aria-invalid', 'true');
    expect(validUntil.getAttribute('aria-describedby')).toContain(`${validUntil.id}-error`);
    type(validUntil, '');
    expect(within(article).getByText('Valid until must be a date such as 2026-06-30')).toBeInTheDocument();
    type(validUntil, '2099-11-23');

    const warrantyMessage = 'Warranty must be a whole number of months from 12 to 120';
    for (const bad of ['6', '0', '-12', '12.5', '']) {
      type(warranty, bad);
      expect(within(article).getByText(warrantyMessage)).toBeInTheDocument();
      expect(warranty).toHaveAttribute('aria-invalid', 'true');
      fireEvent.click(within(article).getByRole('button', { name: 'Save changes' }));
    }
    expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(0);
  });

  it('saves a changed valid-until day and warranty with the figures, and leaves unchanged ones out', async () => {
    const fetchMock = serve((url) => (url.endsWith('/update-full-quote') ? jsonResponse(card) : undefined));
    const article = await openCard();
    type(within(article).getByLabelText('Warranty (months)'), '24');
    fireEvent.click(within(article).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(1));
    const first = JSON.parse(String(calls(fetchMock, 'POST', 'update-full-quote')[0]![1]?.body)) as Record<string, unknown>;
    expect(first.warrantyMonths).toBe(24);
    expect(first).not.toHaveProperty('validUntil');
    expect(first.laborCost).toBe('100.00');
    expect(await screen.findByText('Quote Updated')).toBeInTheDocument();

    type(within(article).getByLabelText('Valid until'), '2099-12-31');
    fireEvent.click(within(article).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(2));
    const second = JSON.parse(String(calls(fetchMock, 'POST', 'update-full-quote')[1]![1]?.body)) as Record<string, unknown>;
    expect(second.validUntil).toBe('2099-12-31');
    expect(second).not.toHaveProperty('warrantyMonths');
  });

  it("approves at the total shown, and a stale approve shows the server's sentence", async () => {
    const stale = staleQuoteMessage('£240.00');
    const fetchMock = serve((url) => (url.endsWith('/approve') ? jsonResponse({ error: 'conflict', message: stale }, 409) : undefined));
    const article = await openCard();
    fireEvent.click(within(article).getByRole('button', { name: 'Approve at £216.00' }));
    // Issue 37: approving e-mails the customer, so it asks once; nothing is sent until confirmed.
    const pause = await screen.findByRole('alertdialog', { name: 'Approve AR-7K3Q-9XPM?' });
    expect(pause).toHaveTextContent('The customer is e-mailed their quote at £216.00');
    expect(calls(fetchMock, 'POST', '/api/admin/quotes/5/approve')).toHaveLength(0);
    fireEvent.click(within(pause).getByRole('button', { name: 'Approve and e-mail' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/admin/quotes/5/approve')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'POST', '/approve')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ adjustedAmount: '216.00' });
    expect(await within(article).findByRole('alert')).toHaveTextContent(stale);
  });

  it('sends an admin whose session ended to sign in, coming back to the dashboard', async () => {
    serve((url) => (url.endsWith('/approve') ? jsonResponse({ error: 'unauthorised', message: 'Please sign in to continue.' }, 401) : undefined));
    const { router } = renderApp('/admin?tab=quotes');
    const article = await screen.findByRole('article', { name: /Priya Shah · AR-7K3Q-9XPM/ });
    fireEvent.click(within(article).getByRole('button', { name: 'Approve at £216.00' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve and e-mail' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin?tab=quotes');
  });

  it('will not approve over unsaved changes', async () => {
    serve();
    const article = await openCard();
    type(within(article).getByLabelText('Labour (£)'), '200');
    expect(within(article).getByRole('button', { name: /Approve at/ })).toBeDisabled();
    expect(within(article).getByText('Save your changes before approving.')).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    const fetchMock = serve((url, init) => (url === '/api/admin/quotes/5' && init?.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    const article = await openCard();
    fireEvent.click(within(article).getByRole('button', { name: 'Delete enquiry AR-7K3Q-9XPM' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete enquiry AR-7K3Q-9XPM?' });
    expect(calls(fetchMock, 'DELETE', '/api/admin/quotes/5')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/admin/quotes/5')).toHaveLength(1));
    expect(await screen.findByText('Quote Deleted')).toBeInTheDocument();
  });

  it('deleting an enquiry another admin deleted meanwhile says so and takes its card away', async () => {
    let gone = false;
    serve((url, init) => {
      if (url === '/api/admin/quotes/5' && init?.method === 'DELETE') return (gone = true), jsonResponse({ error: 'not_found', message: 'We could not find that quote.' }, 404);
      if (gone && url.startsWith('/api/admin/quotes?')) return jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 });
      return undefined;
    });
    const article = await openCard();
    fireEvent.click(within(article).getByRole('button', { name: 'Delete enquiry AR-7K3Q-9XPM' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete enquiry AR-7K3Q-9XPM?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('We could not find that quote.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Priya Shah · AR-7K3Q-9XPM/ })).not.toBeInTheDocument());
  });

  it('shows an open modification request on its card', async () => {
    serve((url) =>
      url.startsWith('/api/admin/quotes?')
        ? jsonResponse({
            items: [{ ...card, quote: { ...card.quote, status: 'approved' }, modificationRequests: [{ id: 3, quoteId: 5, message: 'Can you do it without the parts?', createdAt: '2026-03-03T09:30:00.000Z', answeredAt: null }] }],
            total: 1,
            page: 1,
            pageSize: 10,
          })
        : undefined,
    );
    const article = await openCard();
    expect(within(article).getByText('The customer asked: “Can you do it without the parts?”')).toBeInTheDocument();
    expect(within(article).getByText('Modification request, 3 Mar 2026, 9:30')).toBeInTheDocument();
  });

  it('saves an approved quote’s revision as a draft, telling nobody, then sends it after asking (issue 37)', async () => {
    const request = { id: 3, quoteId: 5, message: 'Can you do it without the parts?', createdAt: '2026-03-03T09:30:00.000Z', answeredAt: null };
    const approved = { ...card, quote: { ...card.quote, status: 'approved' as const, approvedAt: '2026-03-02T12:30:00.000Z' }, modificationRequests: [request] };
    const draftQuote = {
      ...approved.quote,
      laborCost: '200.00',
      autoReviveFee: '50.00',
      vatAmount: '60.00',
      totalCost: '360.00',
      totalPrice: '360.00',
      repairerPayment: '200.00',
      workDescription: [
        { item: 'Labour', cost: 200 },
        { item: 'Parts', cost: 50 },
      ],
    };
    const withDraft = { ...approved, revisionDraft: { savedAt: '2026-03-03T10:00:00.000Z', quote: draftQuote } };
    // The desk's list as the server keeps it: with the draft once one is saved.
    let saved = false;
    const fetchMock = serve((url, init) => {
      if (url.startsWith('/api/admin/quotes?')) return jsonResponse({ items: [saved ? withDraft : approved], total: 1, page: 1, pageSize: 10 });
      if (url.endsWith('/revision-draft') && init?.method === 'POST') {
        saved = true;
        return jsonResponse(withDraft);
      }
      if (url.endsWith('/send-revision') && init?.method === 'POST') return jsonResponse({ ...approved, quote: draftQuote, modificationRequests: [], revisionDraft: null });
      return undefined;
    });
    const article = await openCard();
    // The same instant the customer is shown: 24 hours after they asked, London time.
    expect(within(article).getByText(/Reply due by Wednesday 4 March 2026 at 9:30/)).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Send revised quote' })).toBeDisabled();

    type(within(article).getByLabelText('Labour (£)'), '200');
    type(within(article).getByLabelText('Item 1 cost (£)'), '200');
    fireEvent.click(within(article).getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Revision Saved as Draft')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', 'revision-draft')).toHaveLength(1);
    expect(calls(fetchMock, 'POST', 'update-full-quote')).toHaveLength(0);
    expect(calls(fetchMock, 'POST', 'send-revision')).toHaveLength(0);
    expect(await within(article).findByText(/Draft saved .* at £360\.00, not sent: the customer still sees £216\.00\./)).toBeInTheDocument();

    const send = within(article).getByRole('button', { name: 'Send revised quote' });
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the revised quote for AR-7K3Q-9XPM?' });
    expect(dialog).toHaveTextContent('The customer is e-mailed the revised quote at £360.00, which replaces the one they have.');
    expect(calls(fetchMock, 'POST', 'send-revision')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send revised quote' }));
    expect(await screen.findByText('Revised Quote Sent')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', 'send-revision')).toHaveLength(1);
  });
});

describe('system health panel', () => {
  it('shows the backlogs, flags failed e-mails and a missing backup, and says when the check fails', async () => {
    serve((url) =>
      url === '/api/admin/health'
        ? jsonResponse({ jobs: { backlog: 3, failedLastDay: 0 }, emails: { backlog: 0, failed: 2 }, backup: { tracked: true, lastAt: null } })
        : undefined,
    );
    renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'System health' });
    expect(within(panel).getByText('Jobs waiting').nextElementSibling).toHaveTextContent(/^3$/);
    expect(within(panel).getByText('E-mails failed').nextElementSibling).toHaveTextContent('2 (needs attention)');
    expect(within(panel).getByText('Last backup').nextElementSibling).toHaveTextContent('Never (needs attention)');
    cleanup();

    serve((url) => (url === '/api/admin/health' ? jsonResponse({ message: 'Down' }, 500) : undefined));
    renderApp('/admin');
    expect(await screen.findByText('We could not check the system’s health. It will be checked again in a minute.')).toBeInTheDocument();
  });
});
