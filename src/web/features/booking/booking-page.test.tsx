// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentView, AvailabilityView, MonthAvailabilityView } from '../../../shared/api/appointments';
import { addDays, daysInMonth, toCalendarDate } from '../../../shared/calendar-date';
import { isWorkingDay } from '../../../shared/calendar';
import { appointmentView, assessmentView, quoteView } from '../../test/fixtures';
import { expectOneHeadingWhileLoading, jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';

configure({ asyncUtilTimeout: 4000 });

// Monday 2 March 2026, 10:00 in London (GMT). The earliest slot is Tuesday 3 March's afternoon.
const NOW = new Date('2026-03-02T10:00:00Z');
const FULL_DAY = '2026-03-10';

function month(monthParam: string, full: string[] = [FULL_DAY]): MonthAvailabilityView {
  const [year, m] = monthParam.split('-').map(Number) as [number, number];
  const days: AvailabilityView[] = Array.from({ length: daysInMonth(year, m) }, (_, index) => {
    const date = toCalendarDate(year, m, index + 1);
    const open = isWorkingDay(date) && date > '2026-03-02' && !full.includes(date);
    return { date, available: { morning: open && date !== '2026-03-03', afternoon: open } };
  });
  return { month: monthParam, days };
}

type Stub = {
  quote?: Response | (() => Response);
  day?: (date: string) => AvailabilityView;
  create?: () => Response;
  /** The quote's unpaid hold as the server keeps it (GET /api/quotes/5/held-appointment). */
  held?: () => AppointmentView | null;
  /** The quote's paid booking, once it has one (the same read). */
  booked?: () => number | null;
};

function stubServer({ quote, day, create, held, booked }: Stub = {}) {
  return stubFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/quotes/5') return typeof quote === 'function' ? quote() : (quote ?? jsonResponse(quoteView()));
    if (parsed.pathname === '/api/quotes/5/held-appointment') return jsonResponse({ appointment: held ? held() : null, bookedAppointmentId: booked ? booked() : null });
    if (parsed.pathname === '/api/appointments/available-month') return jsonResponse(month(parsed.searchParams.get('month')!));
    if (parsed.pathname === '/api/appointments/available') {
      const date = parsed.searchParams.get('date')!;
      return jsonResponse(day ? day(date) : { date, available: { morning: false, afternoon: true } });
    }
    if (parsed.pathname === '/api/appointments' && init?.method === 'POST')
      return create ? create() : jsonResponse({ ...appointmentView({ status: 'held', paymentStatus: null, holdExpiresAt: '2026-03-02T10:30:00.000Z' }) }, 201);
    if (parsed.pathname === '/api/payments/config') return jsonResponse({ provider: 'test', publishableKey: null, testMode: true });
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => new URL(url, 'http://localhost').pathname === path);

const day = (date: string) => screen.getByRole('button', { name: new RegExp(`^\\w+day ${date}`) });

beforeAll(async () => {
  await Promise.all([import('../../routes/customer/booking'), import('../../routes/customer/appointment')]);
}, 30_000);
resetCustomerPageBetweenTests({ now: NOW });

async function openBooking(stub?: Stub) {
  const fetchMock = stubServer(stub);
  const view = renderApp('/booking/5');
  await screen.findByRole('heading', { level: 1, name: 'Schedule Your Repair' });
  await waitFor(() => expect(day('4 March 2026')).not.toHaveAttribute('aria-disabled'));
  return { fetchMock, ...view };
}

describe('booking calendar', () => {
  it('shows 42 days from the Monday before the 1st, with one availability request for the month', async () => {
    const { fetchMock } = await openBooking();
    const grid = screen.getByRole('table', { name: 'March 2026' });
    const cells = within(grid).getAllByRole('button');
    expect(cells).toHaveLength(42);
    // The neighbouring months' days say which month they belong to (chosen there), not 'not available'.
    expect(cells[0]).toHaveAccessibleName('Monday 23 February 2026, in February 2026, not this calendar month');
    expect(cells[41]).toHaveAccessibleName('Sunday 5 April 2026, in April 2026, not this calendar month');
    expect(calls(fetchMock, '/api/appointments/available-month')).toEqual(['/api/appointments/available-month?month=2026-03&quoteId=5']);
    expect(calls(fetchMock, '/api/appointments/available')).toEqual([]);
  });

  it('disables neighbouring-month days, weekends, today, full days and bank holidays; a free weekday is available', async () => {
    await openBooking();
    expect(day('27 February 2026')).toHaveAttribute('aria-disabled', 'true'); // February, a weekday
    expect(day('7 March 2026')).toHaveAccessibleName('Saturday 7 March 2026, not available');
    expect(day('2 March 2026')).toHaveAccessibleName('Monday 2 March 2026, today, not available');
    expect(day('10 March 2026')).toHaveAccessibleName('Tuesday 10 March 2026, no free slots');
    expect(day('10 March 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(day('3 March 2026')).toHaveAccessibleName('Tuesday 3 March 2026, available');
    fireEvent.click(day('7 March 2026'));
    expect(day('7 March 2026')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Choose a date first, then a morning or afternoon slot.')).toBeInTheDocument();

    // April 2026 has Good Friday (3rd) and Easter Monday (6th).
    fireEvent.click(screen.getByRole('button', { name: 'Next month, April 2026' }));
    await waitFor(() => expect(day('7 April 2026')).toHaveAccessibleName('Tuesday 7 April 2026, available'));
    expect(day('3 April 2026')).toHaveAccessibleName('Friday 3 April 2026, not available');
    expect(day('6 April 2026')).toHaveAccessibleName('Monday 6 April 2026, not available');
  });

  it('marks a full slot Booked and disabled once a date is chosen, and a slot inside 24 hours as too soon', async () => {
    const { fetchMock } = await openBooking({ day: (date) => ({ date, available: { morning: false, afternoon: true } }) });
    fireEvent.click(day('4 March 2026'));
    expect(day('4 March 2026')).toHaveAttribute('aria-pressed', 'true');
    const morning = await screen.findByRole('button', { name: /Morning, 8:00–12:00/ });
    expect(morning).toBeDisabled();
    expect(morning).toHaveTextContent('Booked');
    expect(screen.getByRole('button', { name: /Afternoon, 13:00–17:00/ })).toBeEnabled();
    expect(calls(fetchMock, '/api/appointments/available')).toEqual(['/api/appointments/available?date=2026-03-04&quoteId=5']);

    fireEvent.click(day('3 March 2026'));
    const tooSoon = await screen.findByRole('button', { name: /Morning, 8:00–12:00.*Too soon/ });
    expect(tooSoon).toBeDisabled();
  });

  it('choosing a date clears the slot; changing month clears date and slot; Confirm needs both', async () => {
    await openBooking({ day: (date) => ({ date, available: { morning: true, afternoon: true } }) });
    const confirm = screen.getByRole('button', { name: 'Confirm Booking' });
    expect(confirm).toBeDisabled();
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    expect(screen.getByRole('button', { name: /Afternoon/ })).toHaveAttribute('aria-pressed', 'true');
    expect(confirm).toBeEnabled();
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(summary).toHaveTextContent('Wednesday 4 March 2026');
    expect(summary).toHaveTextContent('Afternoon, 13:00–17:00');
    expect(summary).toHaveTextContent('£2,376.00');

    fireEvent.click(day('5 March 2026'));
    expect(confirm).toBeDisabled();
    expect(summary).toHaveTextContent('Thursday 5 March 2026');
    expect(await screen.findByRole('button', { name: /Afternoon/ })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: /Morning/ }));
    expect(confirm).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next month, April 2026' }));
    expect(confirm).toBeDisabled();
    expect(summary).toHaveTextContent('DateNot chosen yet');
    expect(summary).toHaveTextContent('TimeNot chosen yet');
    expect(screen.getByRole('button', { name: 'Previous month, March 2026' })).toBeEnabled();
  });

  it('moves between days with the arrow keys', async () => {
    await openBooking();
    const start = day('3 March 2026');
    expect(start).toHaveAttribute('tabindex', '0');
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('4 March 2026'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('11 March 2026'));
    expect(day('11 March 2026')).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(day('9 March 2026'));
    // A week down from the grid's last row is the same weekday in April, shown and focused.
    for (let i = 0; i < 4; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('6 April 2026'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(day('13 April 2026')));
    expect(screen.getByRole('heading', { level: 2, name: 'April 2026' })).toBeInTheDocument();
    // And back up past the top of April's grid, into March; never before the current month.
    for (let i = 0; i < 3; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(day('23 March 2026')));
    expect(screen.getByRole('heading', { level: 2, name: 'March 2026' })).toBeInTheDocument();
  });
});

describe('booking page', () => {
  it('while it loads, has one heading that says so (axe: page-has-heading-one)', async () => {
    await expectOneHeadingWhileLoading('/booking/5', 'Loading your quote…');
  });

  it('holds the slot with POST /api/appointments and goes on to checkout', async () => {
    const { fetchMock, router } = await openBooking({ day: (date) => ({ date, available: { morning: true, afternoon: true } }) });
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    fireEvent.change(screen.getByLabelText('Notes for the technician (optional)'), { target: { value: ' On the drive ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?quote_id=5');
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/appointments' && init?.method === 'POST');
    // Issue 38: texts only with the box ticked, and it starts unticked.
    expect(JSON.parse(String(post![1]!.body))).toEqual({ quoteId: 5, appointmentDate: '2026-03-04', timeSlot: 'afternoon', notes: 'On the drive', textConsent: false });
  });

  it("Back from checkout shows the slot the server still holds, the time left and the way on to pay, not 'Not chosen yet'", async () => {
    const hold = appointmentView({ id: 32, status: 'held', paymentStatus: 'requires_payment', holdExpiresAt: '2026-03-02T10:24:00.000Z', notes: 'On the drive' });
    const { fetchMock, router } = await openBooking({ held: () => hold });
    expect(calls(fetchMock, '/api/quotes/5/held-appointment')).toHaveLength(1);
    const notice = screen.getByRole('region', { name: 'Your slot is held' });
    expect(notice).toHaveTextContent('Wednesday 4 March 2026, Afternoon, 13:00–17:00 is held for you for another 24:00 (minutes and seconds) while you pay.');
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(summary).not.toHaveTextContent('Not chosen yet');
    expect(summary).toHaveTextContent('Wednesday 4 March 2026');
    expect(summary).toHaveTextContent('Afternoon, 13:00–17:00');
    expect(screen.getByLabelText('Notes for the technician (optional)')).toHaveValue('On the drive');
    for (const link of screen.getAllByRole('link', { name: 'Continue to payment' })) expect(link).toHaveAttribute('href', '/checkout?quote_id=5');
    fireEvent.click(within(notice).getByRole('link', { name: 'Continue to payment' }));
    // With the hold's id, as Confirm Booking passes it: checkout shows its day before the intent exists.
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?quote_id=5');
    expect(router.state.location.state).toEqual({ appointmentId: 32 });
  });

  it('choosing another slot while one is held says the held one is released, and holds the new one through the API', async () => {
    const hold = appointmentView({ id: 32, status: 'held', paymentStatus: null, holdExpiresAt: '2026-03-02T10:24:00.000Z' });
    const { fetchMock, router } = await openBooking({ held: () => hold, day: (date) => ({ date, available: { morning: true, afternoon: true } }) });
    fireEvent.click(day('5 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Morning/ }));
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(summary).toHaveTextContent('Thursday 5 March 2026');
    expect(summary).toHaveTextContent('Your held slot (Wednesday 4 March 2026, Afternoon, 13:00–17:00) is released when you confirm this one.');
    expect(within(summary).queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/appointments' && init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({ quoteId: 5, appointmentDate: '2026-03-05', timeSlot: 'morning' });
  });

  it('a hold whose time has run out is not offered for payment', async () => {
    const hold = appointmentView({ status: 'held', paymentStatus: null, holdExpiresAt: '2026-03-02T10:00:00.000Z' });
    await openBooking({ held: () => hold });
    expect(screen.getByRole('alert')).toHaveTextContent('Your hold on Wednesday 4 March 2026, Afternoon, 13:00–17:00 has run out. Please choose a date and time again.');
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Booking summary' })).toHaveTextContent('Not chosen yet');
  });

  it("says 'Booking Failed' with the server's sentence when the slot was just taken, and reads availability again", async () => {
    const taken = { error: 'slot_taken', message: 'That slot has just been taken. Please choose another.' };
    const { fetchMock } = await openBooking({
      day: (date) => ({ date, available: { morning: true, afternoon: true } }),
      create: () => jsonResponse(taken, 409),
    });
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    const monthReads = calls(fetchMock, '/api/appointments/available-month').length;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText(taken.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Afternoon/ })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(calls(fetchMock, '/api/appointments/available-month').length).toBeGreaterThan(monthReads));
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
  });

  it('a quote booked in another tab meanwhile: the sentence, then the page shows it booked instead of the calendar', async () => {
    const booked = 'This quote has already been booked and paid for. Your appointment is in your confirmation e-mail.';
    let quoteStatus: 'approved' | 'booked' = 'approved';
    await openBooking({
      quote: () => jsonResponse(quoteView({ status: quoteStatus })),
      day: (date) => ({ date, available: { morning: true, afternoon: true } }),
      create: () => ((quoteStatus = 'booked'), jsonResponse({ error: 'conflict', message: booked }, 409)),
      booked: () => (quoteStatus === 'booked' ? 42 : null),
    });
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(booked)).toBeInTheDocument(); // the toast
    expect(await screen.findByText(/Your appointment is in your confirmation e-mail, and below/)).toBeInTheDocument();
    // The way to the booking that was paid for, not only the e-mail.
    expect(await screen.findByRole('link', { name: 'View your appointment' })).toHaveAttribute('href', '/appointments/42');
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
  });

  it('a quote deleted meanwhile: Quote Not Found, and the page says so instead of offering the calendar', async () => {
    let gone = false;
    await openBooking({
      quote: () => (gone ? jsonResponse({ error: 'not_found', message: "The quote you're trying to book could not be found." }, 404) : jsonResponse(quoteView())),
      day: (date) => ({ date, available: { morning: true, afternoon: true } }),
      create: () => ((gone = true), jsonResponse({ error: 'not_found', message: "The quote you're trying to book could not be found." }, 404)),
    });
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
  });

  it("says 'Quote Not Found' when the quote is not there (or not this visitor's)", async () => {
    stubServer({ quote: () => jsonResponse({ error: 'not_found', message: 'Not found' }, 404) });
    renderApp('/booking/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
    expect(await screen.findByText("The quote you're trying to book could not be found.")).toBeInTheDocument(); // the toast
  });

  it('explains an expired quote and links back to it instead of showing the calendar', async () => {
    stubServer({ quote: () => jsonResponse(quoteView({ expired: true, validUntil: '2026-02-27' })) });
    renderApp('/booking/5');
    expect(await screen.findByText(/expired on Friday 27 February 2026, so it can no longer be booked/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toHaveAttribute('href', '/quote/41');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a quote that is already booked', async () => {
    stubServer({ quote: () => jsonResponse(quoteView({ status: 'booked' })) });
    renderApp('/booking/5');
    expect(await screen.findByText(/already been booked and paid for/)).toBeInTheDocument();
  });
  // Issue 36: the held slot's notice is the page's largest paint; a hold proves coverage when it
  // was made, so it does not wait for the assessment's round trip, but the way to book does.
  it('with a hold, shows the notice before the assessment has answered, and the calendar once coverage is known', async () => {
    const hold = appointmentView({ id: 32, status: 'held', paymentStatus: 'requires_payment', holdExpiresAt: '2026-03-02T10:24:00.000Z' });
    let answer: (response: Response) => void = () => {};
    const assessment = new Promise<Response>((resolve) => (answer = resolve));
    const server = stubServer({ held: () => hold });
    stubFetch((url, init) => (new URL(url, 'http://localhost').pathname === '/api/assessments/41' ? assessment : server(url, init)));
    renderApp('/booking/5');
    const notice = await screen.findByRole('region', { name: 'Your slot is held' });
    expect(notice).toHaveTextContent('Wednesday 4 March 2026, Afternoon, 13:00–17:00 is held for you for another 24:00 (minutes and seconds) while you pay.');
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule Your Repair' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the calendar…');
    expect(screen.queryByRole('region', { name: 'Booking summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer(jsonResponse(assessmentView()));
    await waitFor(() => expect(day('4 March 2026')).not.toHaveAttribute('aria-disabled'));
    // The same nodes, not new ones: no second paint of the notice (nor a later LCP candidate).
    expect(screen.getByRole('region', { name: 'Your slot is held' })).toBe(notice);
    expect(screen.getByRole('region', { name: 'Booking summary' })).toHaveTextContent('Wednesday 4 March 2026');
  });

  it('with a hold whose enquiry is no longer covered, says so once the assessment answers, with no way to book', async () => {
    const hold = appointmentView({ id: 32, status: 'held', paymentStatus: 'requires_payment', holdExpiresAt: '2026-03-02T10:24:00.000Z' });
    const server = stubServer({ held: () => hold });
    stubFetch((url, init) =>
      new URL(url, 'http://localhost').pathname === '/api/assessments/41' ? jsonResponse(assessmentView({ coverage: { covered: false } })) : server(url, init),
    );
    renderApp('/booking/5');
    expect(await screen.findByText(/^No technician covers BS1 for .+ yet\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your slot is held' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Booking summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('rescheduling from the appointment page', () => {
  it('a refusal because the booking changed meanwhile shows it as it is now, without the calendar', async () => {
    const callUs = 'Changes within 24 hours of your appointment need a phone call: please ring us on 0330 123 4567.';
    let current = appointmentView({ appointmentDate: '2026-03-10' });
    stubFetch((url, init) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/appointments/31') return jsonResponse(current);
      if (parsed.pathname === '/api/appointments/31/reschedule' && init?.method === 'POST') {
        current = appointmentView({ appointmentDate: '2026-03-10', canChange: false });
        return jsonResponse({ error: 'conflict', message: callUs }, 409);
      }
      if (parsed.pathname === '/api/appointments/available-month') return jsonResponse(month(parsed.searchParams.get('month')!, []));
      if (parsed.pathname === '/api/appointments/available') return jsonResponse({ date: parsed.searchParams.get('date'), available: { morning: true, afternoon: true } });
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderApp('/appointments/31');
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(day('4 March 2026')).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(day('4 March 2026'));
    fireEvent.click(await screen.findByRole('button', { name: /Afternoon/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByText(callUs)).toBeInTheDocument(); // the toast
    expect(await screen.findByText(/so it can no longer be cancelled or moved online/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move my booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });
});

// Keeps the helper honest about the days it builds.
it('the stubbed month covers every day', () => {
  expect(month('2026-03').days).toHaveLength(31);
  expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
});
