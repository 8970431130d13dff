// @vitest-environment jsdom
// D14 on rescheduling: a paid booking moved into the 14 days from its payment needs the customer's
// request, with checkout's unticked box and the server's own refusal, whichever of the two refuses;
// it is not asked for otherwise or twice.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentView, AvailabilityView, MonthAvailabilityView } from '../../../shared/api/appointments';
import { RESCHEDULE_START_WITHIN } from '../../../shared/api/payments';
import { isWorkingDay } from '../../../shared/calendar';
import { daysInMonth, toCalendarDate } from '../../../shared/calendar-date';
import { appointmentView } from '../../test/fixtures';
import { jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';
import { consentLabel, consentRequired } from './booking-messages';

// The server's 400 for a new date inside the 14 days from payment (bookings.hooks.ts), word for word.
const refusal = RESCHEDULE_START_WITHIN.refusal;

configure({ asyncUtilTimeout: 4000 });

// Monday 2 March 2026, 10:00 in London (GMT). Paid at 10:00 on Sunday 1 March for 25 March, so
// checkout asked nothing: the 14 days run to 10:00 on Sunday 15 March.
const NOW = new Date('2026-03-02T10:00:00Z');
const unasked = (overrides: Partial<AppointmentView> = {}) =>
  appointmentView({
    appointmentDate: '2026-03-25',
    startsAt: '2026-03-25T13:00:00.000Z',
    endsAt: '2026-03-25T17:00:00.000Z',
    cancellationPeriod: { paidAt: '2026-03-01T10:00:00.000Z', startRequested: false },
    ...overrides,
  });

function month(monthParam: string): MonthAvailabilityView {
  const [year, m] = monthParam.split('-').map(Number) as [number, number];
  const days: AvailabilityView[] = Array.from({ length: daysInMonth(year, m) }, (_, index) => {
    const date = toCalendarDate(year, m, index + 1);
    const open = isWorkingDay(date) && date > '2026-03-02';
    return { date, available: { morning: open, afternoon: open } };
  });
  return { month: monthParam, days };
}

function stubServer(appointment: AppointmentView, answer: (body: Record<string, unknown>) => Response = () => jsonResponse(appointment)) {
  const sent: Record<string, unknown>[] = [];
  stubFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/appointments/31') return jsonResponse(appointment);
    if (parsed.pathname === '/api/appointments/31/reschedule' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    if (parsed.pathname === '/api/appointments/available-month') return jsonResponse(month(parsed.searchParams.get('month')!));
    if (parsed.pathname === '/api/appointments/available') return jsonResponse({ date: parsed.searchParams.get('date'), available: { morning: true, afternoon: true } });
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

const day = (date: string) => screen.getByRole('button', { name: new RegExp(`^\\w+day ${date}`) });
const box = () => screen.queryByRole('checkbox', { name: consentLabel });

async function choose(date: string, slot: 'Morning' | 'Afternoon' = 'Afternoon') {
  fireEvent.click(day(date));
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${slot}`) }));
}

async function openPanel() {
  renderApp('/appointments/31');
  fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
  await waitFor(() => expect(day('12 March 2026')).not.toHaveAttribute('aria-disabled'));
}

beforeAll(async () => {
  await import('../../routes/customer/appointment');
}, 30_000);
resetCustomerPageBetweenTests({ now: NOW });

describe('the reschedule panel and the 14-day cancellation period (D14)', () => {
  it('asks with the unticked box for a day inside the 14 days from payment, refuses without it and goes to it, and sends the request once ticked', async () => {
    const sent = stubServer(unasked());
    await openPanel();
    await choose('17 March 2026');
    expect(box()).not.toBeInTheDocument();
    await choose('12 March 2026');
    const consent = box()!;
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Your right to cancel' })).toBeInTheDocument();
    expect(consent).toHaveAccessibleDescription(RESCHEDULE_START_WITHIN.hint);

    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    // The page refuses with the server's sentence, not checkout's.
    expect(await screen.findByText(refusal)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(consentRequired)).not.toBeInTheDocument();
    await waitFor(() => expect(consent).toHaveFocus());
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    fireEvent.click(consent);
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(sent).toEqual([{ appointmentDate: '2026-03-12', timeSlot: 'afternoon', startWithinCancellationPeriod: true }]));
  });

  it("keeps the server's refusal written in the panel and takes the keyboard to it (a time the technician already has a job)", async () => {
    const busy = 'Your technician already has another job at that time. Please choose another date or time.';
    stubServer(unasked({ cancellationPeriod: { paidAt: '2026-03-01T10:00:00.000Z', startRequested: true } }), () => jsonResponse({ error: 'conflict', message: busy }, 409));
    await openPanel();
    await choose('17 March 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    const written = await screen.findByText(busy, { selector: 'p[role="alert"]' });
    await waitFor(() => expect(written).toHaveFocus());
  });

  it('does not ask again once the customer has made the request', async () => {
    const sent = stubServer(unasked({ cancellationPeriod: { paidAt: '2026-03-01T10:00:00.000Z', startRequested: true } }));
    await openPanel();
    await choose('12 March 2026');
    expect(box()).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(sent).toEqual([{ appointmentDate: '2026-03-12', timeSlot: 'afternoon' }]));
  });

  it("shows the box with the server's sentence and goes to it when the server asks for the request the page did not expect", async () => {
    const sent = stubServer(unasked({ cancellationPeriod: null }), (body) =>
      body.startWithinCancellationPeriod === true
        ? jsonResponse(unasked({ appointmentDate: '2026-03-12' }))
        : jsonResponse({ error: 'bad_request', message: refusal, fieldErrors: { startWithinCancellationPeriod: refusal } }, 400),
    );
    await openPanel();
    await choose('12 March 2026');
    expect(box()).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    const consent = await screen.findByRole('checkbox', { name: consentLabel });
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    await waitFor(() => expect(consent).toHaveFocus());
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ startWithinCancellationPeriod: true });
  });
});
