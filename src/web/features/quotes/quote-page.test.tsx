// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { site } from '../../../shared/site';
import { expectOneHeadingWhileLoading, jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';
import { appointmentView, assessmentView } from '../../test/fixtures';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import type { QuoteView as Quote } from '../../../shared/api/quotes';

const assessment: Assessment = assessmentView();

const quote: Quote = {
  id: 5,
  assessmentId: 41,
  laborCost: '480.00',
  partsCost: '1170.00',
  materialsCost: '0.00',
  autoReviveFee: '330.00',
  vatAmount: '396.00',
  totalCost: '2376.00',
  totalPrice: '2376.00',
  repairerPayment: '1320.00',
  estimatedDays: 2,
  estimatedHours: 12,
  workDescription: [
    { item: 'Door panel respray', cost: 650 },
    { item: 'Blend into wing', cost: 120.5 },
  ],
  validUntil: '2099-11-23',
  warrantyMonths: 12,
  status: 'approved',
  assignmentStatus: 'unassigned',
  createdAt: '2026-03-02T12:00:00.000Z',
  reference: 'AR-7K3Q-9XPM',
  expired: false,
  approvedAt: '2026-03-02T12:30:00.000Z',
};

// Five test runs share two cores: give findBy… more than its default second.
configure({ asyncUtilTimeout: 4000 });

// The route is lazy: load its module once up front, so the first test does not spend its
// findBy timeout on importing it on a busy machine.
beforeAll(async () => {
  await import('../../routes/customer/quote');
}, 30_000);
resetCustomerPageBetweenTests();

describe('quote page', () => {
  it('while it loads, has one heading that says so (axe: page-has-heading-one)', async () => {
    await expectOneHeadingWhileLoading('/quote/41', 'Loading your quote…');
  });

  it('says the quote is being prepared, with the D4 turnaround, when there is none yet', async () => {
    const fetchMock = stubFetch(() => jsonResponse(assessment));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Generating Your Quote' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(site.quoteTurnaround))).toBeInTheDocument();
    expect(screen.getByText('priya@example.co.uk')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Damage photo 2' })).toHaveAttribute('src', '/api/images/8?size=thumb');
    expect(fetchMock).toHaveBeenCalledWith('/api/assessments/41', expect.objectContaining({ credentials: 'include' }));
    expect(fetchMock).toHaveBeenCalledTimes(1); // D12: no sample quote is posted
  });

  it('shows the approved quote: Ready, items, Total price, timeline, validity and warranty', async () => {
    stubFetch(() => jsonResponse({ ...assessment, quote, guidePrice: null }));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your repair quote' })).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('Door panel respray').nextSibling).toHaveTextContent('£650.00');
    expect(screen.getByText('Blend into wing').nextSibling).toHaveTextContent('£120.50');
    expect(screen.getByText('Labour').nextSibling).toHaveTextContent('£480.00');
    expect(screen.getByText('Parts and materials').nextSibling).toHaveTextContent('£1,170.00');
    // Issue 33: what the customer pays is a price, not an estimate.
    expect(screen.getByText('Total price').nextSibling).toHaveTextContent('£2,376.00');
    expect(screen.queryByText(/Estimate\b/)).toBeNull();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('2–3 working days')).toBeInTheDocument();
    expect(within(timeline).getByText('2 days')).toBeInTheDocument();
    expect(within(timeline).getByText('Same day')).toBeInTheDocument();
    expect(timeline).toHaveTextContent('Estimated completion: 5–6 working days');
    expect(screen.getByText('Monday 23 November 2099')).toBeInTheDocument();
    expect(screen.getByText('12 months on the repair')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept Quote & Book Appointment' })).toHaveAttribute('href', '/booking/5');
    expect(screen.getByRole('button', { name: 'Request Quote Modification' })).toBeEnabled();
    const pdf = screen.getByRole('link', { name: 'Download PDF Quote' });
    expect(pdf).toHaveAttribute('href', '/api/quotes/5/pdf');
    expect(pdf).toHaveAttribute('download');
  });

  it('shows the open change request, its day and when the answer is due, and says a revision is coming beside Accept (issue 37)', async () => {
    // A Monday in March (GMT) and a Friday in July (BST): London wall-clock times either way.
    const requests = [
      { id: 1, quoteId: 5, message: 'Please quote for the wing only.', createdAt: '2026-03-02T13:15:00.000Z', answeredAt: null },
      { id: 2, quoteId: 5, message: 'Or could the door wait\nuntil spring?', createdAt: '2026-07-03T08:05:00.000Z', answeredAt: null },
    ];
    const fetchMock = stubFetch((url) =>
      url.endsWith('/api/quotes/5/modification-requests') ? jsonResponse({ open: requests }) : jsonResponse({ ...assessment, quote, guidePrice: null }),
    );
    renderApp('/quote/41');
    const panel = await screen.findByRole('region', { name: 'Your change request' });
    expect(panel).toHaveTextContent('You asked on Friday 3 July 2026 at 9:05 (the latest of your 2 requests):');
    expect(panel).toHaveTextContent('Or could the door wait until spring?');
    expect(panel).toHaveTextContent('We will e-mail you a revised quote or an answer by Saturday 4 July 2026 at 9:05.');
    const accept = screen.getByRole('link', { name: 'Accept Quote & Book Appointment' });
    expect(accept).toHaveAttribute('href', '/booking/5');
    expect(accept).toHaveAccessibleDescription('A revised quote is on its way. Accepting now books this quote as it stands.');
    expect(fetchMock).toHaveBeenCalledWith('/api/quotes/5/modification-requests', expect.objectContaining({ credentials: 'include' }));

    cleanup();
    stubFetch((url) => (url.endsWith('/modification-requests') ? jsonResponse({ open: [requests[0]] }) : jsonResponse({ ...assessment, quote, guidePrice: null })));
    renderApp('/quote/41');
    const one = await screen.findByRole('region', { name: 'Your change request' });
    expect(one).toHaveTextContent('You asked on Monday 2 March 2026 at 13:15:');
    expect(one).toHaveTextContent('by Tuesday 3 March 2026 at 13:15.');
  });

  it('shows no request panel and a plain Accept when none is open', async () => {
    stubFetch((url) => (url.endsWith('/modification-requests') ? jsonResponse({ open: [] }) : jsonResponse({ ...assessment, quote, guidePrice: null })));
    renderApp('/quote/41');
    const accept = await screen.findByRole('link', { name: 'Accept Quote & Book Appointment' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your change request' })).toBeNull());
    expect(accept).not.toHaveAttribute('aria-describedby');
  });

  it('shows Assessment Not Found for a 404 and for an id that is not a number', async () => {
    stubFetch(() => jsonResponse({ message: "The assessment you're looking for could not be found." }, 404));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessment Not Found' })).toBeInTheDocument();
    // The page says so, and SPEC section 8's toast does too, once.
    await waitFor(() => expect(screen.getAllByText("The assessment you're looking for could not be found.")).toHaveLength(2));
    expect(screen.getAllByText('Assessment Not Found')).toHaveLength(2);
    cleanup();
    renderApp('/quote/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessment Not Found' })).toBeInTheDocument();
  });

  it('shows the price-list guide while the quote is prepared, labelled as a guide', async () => {
    stubFetch(() => jsonResponse(assessment));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { name: 'Typical price for repairs like this: £105–£165' })).toBeInTheDocument();
    expect(screen.getByText(/a guide from our price list, not your quote: your price is set once our team has looked at your photos/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept Quote & Book Appointment' })).not.toBeInTheDocument();
  });

  it('polls quietly every 30 seconds while waiting, turns Ready with the Quote Ready! toast, then stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let approved = false;
    const fetchMock = stubFetch(() => jsonResponse(approved ? { ...assessment, quote, guidePrice: null } : assessment));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Generating Your Quote' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Generating Your Quote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled(); // a quiet poll is not a 'Checking…'

    approved = true;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your repair quote' })).toBeInTheDocument();
    expect(screen.getByText('Quote Ready!')).toBeInTheDocument();
    expect(screen.getByText('Your repair quote has been generated.')).toBeInTheDocument();
    // The assessment three times; the approved quote's open requests once (issue 37), not polled.
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/assessments/41').length;
    expect(reads()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(reads()).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("'Check again' reads the assessment at once and shows the toast when the quote is there", async () => {
    let approved = false;
    const fetchMock = stubFetch(() => jsonResponse(approved ? { ...assessment, quote, guidePrice: null } : assessment));
    renderApp('/quote/41');
    const check = await screen.findByRole('button', { name: 'Check again' });
    approved = true;
    fireEvent.click(check);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your repair quote' })).toBeInTheDocument();
    // The toaster is fetched with the first toast (issue 36).
    expect(await screen.findByText('Quote Ready!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/assessments/41')).toHaveLength(2);
  });

  it('does not toast a quote that was already ready when the page opened', async () => {
    stubFetch(() => jsonResponse({ ...assessment, quote, guidePrice: null }));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your repair quote' })).toBeInTheDocument();
    expect(screen.queryByText('Quote Ready!')).not.toBeInTheDocument();
  });

  it('a booked quote says it is booked and paid, links to its appointment, and offers no second booking', async () => {
    // The booking's own read is answered as the server would (its stub had answered it with the enquiry).
    stubFetch((url) =>
      url.endsWith('/held-appointment')
        ? jsonResponse({ appointment: null, bookedAppointmentId: 17 })
        : url.endsWith('/api/appointments/17')
          ? jsonResponse(appointmentView({ id: 17 }))
          : jsonResponse({ ...assessment, quote: { ...quote, status: 'booked' }, guidePrice: null }),
    );
    renderApp('/quote/41');
    expect(await screen.findByText(/You have booked and paid for this repair/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View your appointment' })).toHaveAttribute('href', '/appointments/17');
    expect(screen.queryByText(/We will be in touch/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept Quote & Book Appointment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Quote Modification' })).not.toBeInTheDocument();
  });

  it('follows the booking once booked: says so with its day and links to it, with no "Ready" nor "if you book today" (issue 33)', async () => {
    const booking = appointmentView({ id: 17, status: 'assigned', aftercare: { ...appointmentView().aftercare, technician: 'Shine Mobile Repairs' } });
    stubFetch((url) =>
      url.endsWith('/held-appointment')
        ? jsonResponse({ appointment: null, bookedAppointmentId: 17 })
        : url.endsWith('/api/appointments/17')
          ? jsonResponse(booking)
          : jsonResponse({ ...assessment, quote: { ...quote, status: 'booked', expired: true }, guidePrice: null }),
    );
    renderApp('/quote/41');
    const panel = await screen.findByRole('region', { name: 'Your repair is booked' });
    await waitFor(() => expect(panel).toHaveTextContent('You have booked and paid for this repair for Wednesday 4 March 2026, afternoon, 13:00–17:00.'));
    expect(panel).toHaveTextContent('Shine Mobile Repairs will carry out your repair');
    expect(within(panel).getByRole('link', { name: 'View your appointment' })).toHaveAttribute('href', '/appointments/17');
    expect(screen.getByText('Booked')).toBeInTheDocument();
    for (const gone of ['Ready', 'Expired', /if you book today/, 'Timeline', 'Valid until']) expect(screen.queryByText(gone)).toBeNull();
  });

  it('shows the repair as done with its warranty once marked done, asking to confirm until the customer does (issue 33)', async () => {
    const aftercare = {
      ...appointmentView().aftercare,
      technician: 'Shine Mobile Repairs',
      completedAt: new Date().toISOString(),
      warranty: { startsDate: '2026-03-04', endsDate: '2027-03-04', months: 12 },
    };
    let booking = appointmentView({ id: 17, status: 'completed', aftercare });
    stubFetch((url) =>
      url.endsWith('/held-appointment')
        ? jsonResponse({ appointment: null, bookedAppointmentId: 17 })
        : url.endsWith('/api/appointments/17')
          ? jsonResponse(booking)
          : jsonResponse({ ...assessment, quote: { ...quote, status: 'booked' }, guidePrice: null }),
    );
    renderApp('/quote/41');
    const marked = await screen.findByRole('region', { name: 'Your technician has marked the repair as done' });
    expect(marked).toHaveTextContent('Status: Marked as done by your technician — please confirm');
    expect(marked).toHaveTextContent('Your 12-month warranty on the workmanship runs until Thursday 4 March 2027.');
    expect(within(marked).getByRole('link', { name: 'Confirm the repair' })).toHaveAttribute('href', '/appointments/17');
    expect(screen.getByText('Marked as done')).toBeInTheDocument();
    cleanup();

    booking = { ...booking, aftercare: { ...aftercare, confirmedAt: new Date().toISOString() } };
    renderApp('/quote/41');
    const done = await screen.findByRole('region', { name: 'Your repair is done' });
    expect(done).toHaveTextContent('Status: Completed');
    expect(done).toHaveTextContent('runs until Thursday 4 March 2027');
    expect(screen.getByText('Repair done')).toBeInTheDocument();
  });

  it('says an expired quote has expired, cannot accept it, and offers to ask for a fresh one with a prefilled message', async () => {
    const expired = { ...quote, validUntil: '2026-04-01', expired: true };
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST') return jsonResponse({ id: 3, quoteId: 5, message: 'x', createdAt: '2026-05-01T09:00:00.000Z', answeredAt: null }, 201);
      return jsonResponse({ ...assessment, quote: expired, guidePrice: null });
    });
    renderApp('/quote/41');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByText(/This quote expired on Wednesday 1 April 2026, so it can no longer be accepted/)).toBeInTheDocument();
    expect(screen.getByText('Expired on')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept Quote & Book Appointment' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Ask for a fresh quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a fresh quote' });
    const message = within(dialog).getByLabelText('Your message');
    expect(message).toHaveValue(
      'My quote AR-7K3Q-9XPM expired on Wednesday 1 April 2026. Please could you send me a fresh quote for the same repair?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Modification Request Sent')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/quotes/5/modification-requests');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ message: (message as HTMLTextAreaElement).value });
  });

  it('a change asked for on a quote booked meanwhile (another tab): the sentence, and the page shows it booked', async () => {
    const refusal = 'This quote has already been booked, so it can no longer be changed. Please call us.';
    let status: Quote['status'] = 'approved';
    stubFetch((_url, init) => {
      if (init?.method === 'POST') return (status = 'booked'), jsonResponse({ error: 'conflict', message: refusal }, 409);
      return jsonResponse({ ...assessment, quote: { ...quote, status }, guidePrice: null });
    });
    renderApp('/quote/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Request Quote Modification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Quote Modification' });
    fireEvent.change(within(dialog).getByLabelText('Your message'), { target: { value: 'Could the repair be done on a Saturday?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/You have booked and paid for this repair/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept Quote & Book Appointment' })).not.toBeInTheDocument();
  });

  it("checks the modification message's length before sending, counts characters, and shows the server's refusal", async () => {
    let answer: Response | null = null;
    const fetchMock = stubFetch((_url, init) => {
      if (init?.method === 'POST') return answer!;
      return jsonResponse({ ...assessment, quote, guidePrice: null });
    });
    renderApp('/quote/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Request Quote Modification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Quote Modification' });
    const message = within(dialog).getByLabelText('Your message');
    expect(message).toHaveValue('');
    expect(within(dialog).getByText('0/1,000 characters')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Please tell us what you would like changed in at least 10 characters')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(message, { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Please keep your message to 1000 characters or fewer')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    answer = jsonResponse({ message: 'This quote can no longer be changed.' }, 409);
    fireEvent.change(message, { target: { value: 'Could the repair be done on a Saturday?' } });
    expect(within(dialog).getByText('39/1,000 characters')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This quote can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByText('Modification Request Sent')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Request Quote Modification' })).toHaveFocus();
  });
});
