// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentView } from '../../../shared/api/appointments';
import { defaultCompanyDetails as company } from '../../../shared/company';
import { appointmentView } from '../../test/fixtures';
import { jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';

configure({ asyncUtilTimeout: 4000 });

function stubAppointment(answer: () => Response, extra?: (path: string, init?: RequestInit) => Response | null) {
  return stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const special = extra?.(path, init);
    if (special) return special;
    if (path === '/api/appointments/31') return answer();
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

beforeAll(async () => {
  await Promise.all([import('../../routes/customer/confirmation'), import('../../routes/customer/appointment')]);
}, 30_000);
resetCustomerPageBetweenTests();

describe('confirmation page', () => {
  it("shows 'Booking Confirmed' with the en-GB date, window, numbers, status and next steps", async () => {
    stubAppointment(() => jsonResponse(appointmentView()));
    renderApp('/confirmation/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Your appointment' });
    for (const text of ['Wednesday 4 March 2026', 'Afternoon, 13:00–17:00', '31', 'AR-7K3Q-9XPM', 'Confirmed']) expect(details).toHaveTextContent(text);
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('confirmation e-mail');
    expect(next).toHaveTextContent('The day before, we remind you by e-mail (and by text, if you asked).');
    expect(next).toHaveTextContent('arrives between 13:00 and 17:00');
    expect(next).toHaveTextContent('be ready from 12:45, 15 minutes before the window opens');
    // Issue 37: the VAT invoice issued at payment, as a PDF.
    expect(within(details).getByRole('link', { name: 'Download your VAT invoice INV-000042 (PDF)' })).toHaveAttribute('href', '/api/appointments/31/invoice.pdf');
    expect(screen.getByRole('link', { name: 'View Appointment Details' })).toHaveAttribute('href', '/appointments/31');
    expect(screen.getByRole('link', { name: 'Schedule Another Repair' })).toHaveAttribute('href', '/assessment');
  });

  it('writes a morning window one way throughout, as the slot label does (8:00–12:00, never 08:00)', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ timeSlot: 'morning', startsAt: '2026-03-04T08:00:00.000Z', endsAt: '2026-03-04T12:00:00.000Z' })));
    renderApp('/confirmation/31');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' });
    expect(heading.nextElementSibling).toHaveTextContent('Wednesday 4 March 2026, between 8:00 and 12:00.');
    expect(screen.getByRole('region', { name: 'Your appointment' })).toHaveTextContent('Morning, 8:00–12:00');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('arrives between 8:00 and 12:00');
    expect(next).toHaveTextContent('be ready from 7:45, 15 minutes before the window opens');
    expect(screen.getByRole('main')).not.toHaveTextContent(/\b0\d:\d\d/);
  });

  it('while the payment is still processing it says so and reads again until it is confirmed', async () => {
    let reads = 0;
    stubAppointment(() => {
      reads += 1;
      return jsonResponse(reads < 2 ? appointmentView({ status: 'held', paymentStatus: 'requires_payment' }) : appointmentView());
    });
    renderApp('/confirmation/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it("says 'Appointment Not Found' when it is not there", async () => {
    stubAppointment(() => jsonResponse({ message: 'Not found' }, 404));
    renderApp('/confirmation/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment Not Found' })).toBeInTheDocument();
    expect(await screen.findByText('We could not find that appointment.')).toBeInTheDocument(); // the toast
  });
});

describe('appointment page', () => {
  it('shows who is coming once a technician has accepted, with the checks as they stand (issue 37)', async () => {
    const technician = {
      firstName: 'Sam',
      businessName: 'Shine Mobile Repairs',
      photoUrl: null,
      yearsExperience: 1,
      rating: { average: null, count: 0 },
      completedRepairs: 1,
      checks: { insurance: false, identity: true, skills: true },
    };
    stubAppointment(() => jsonResponse(appointmentView({ status: 'assigned', technician, aftercare: { ...appointmentView().aftercare, technician: 'Shine Mobile Repairs' } })));
    renderApp('/appointments/31');
    const card = await screen.findByRole('region', { name: 'Your technician' });
    for (const text of ['Sam, Shine Mobile Repairs', 'Shine Mobile Repairs will carry out your repair', '1 year’s experience', 'No reviews yet', '1 repair completed through us'])
      expect(card).toHaveTextContent(text);
    expect(within(card).getAllByRole('listitem').slice(-3).map((item) => item.textContent)).toEqual([
      '– Public liability insurance seen and in date: not confirmed at the moment',
      '✓ Identity checked',
      '✓ Skills assessed',
    ]);
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('shows nobody before a technician accepts', async () => {
    stubAppointment(() => jsonResponse(appointmentView()));
    renderApp('/appointments/31');
    await screen.findByRole('heading', { level: 1, name: 'Your appointment' });
    expect(screen.queryByRole('region', { name: 'Your technician' })).toBeNull();
  });

  it('shows whether we text the customer and lets them stop, or start again, with the refusal said in the panel', async () => {
    let current: AppointmentView = appointmentView({ texts: { consented: true } });
    const puts: unknown[] = [];
    const notMobile = 'We can only text a UK mobile number, and 020 7946 0321 is not one. Please call us if you would like to give us another number.';
    let refuse = false;
    stubAppointment(
      () => jsonResponse(current),
      (path, init) => {
        if (path !== '/api/appointments/31/texts' || init?.method !== 'PUT') return null;
        const body = JSON.parse(String(init.body)) as { textConsent: boolean };
        puts.push(body);
        if (refuse) return jsonResponse({ error: 'conflict', message: notMobile }, 409);
        current = { ...current, texts: { consented: body.textConsent } };
        return jsonResponse(current);
      },
    );
    renderApp('/appointments/31');
    const panel = await screen.findByRole('region', { name: 'Texts about this booking' });
    expect(panel).toHaveTextContent('We text your mobile when the booking is confirmed');
    fireEvent.click(within(panel).getByRole('button', { name: 'Stop texts' }));
    expect(await within(panel).findByRole('button', { name: 'Text me updates' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('We are not texting you about this booking.');
    refuse = true;
    fireEvent.click(within(panel).getByRole('button', { name: 'Text me updates' }));
    // The refusal is the project's RefusalAlert: said in the panel, with the keyboard on it.
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent(notMobile);
    expect(refusal).toHaveFocus();
    expect(puts).toEqual([{ textConsent: false }, { textConsent: true }]);
  });

  it('shows no texts panel to the team, nor after the booking is over when the customer had not agreed', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ status: 'completed', texts: { consented: false } })));
    renderApp('/appointments/31');
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('region', { name: 'Details' });
    expect(screen.queryByRole('region', { name: 'Texts about this booking' })).toBeNull();
  });

  it('shows the appointment with its payment, total and notes, and offers cancel and reschedule more than 24 hours ahead', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ notes: 'On the drive' })));
    renderApp('/appointments/31');
    const details = await screen.findByRole('region', { name: 'Details' });
    for (const text of ['Wednesday 4 March 2026', 'Afternoon, 13:00–17:00', 'Confirmed', 'Paid', '£2,376.00']) expect(details).toHaveTextContent(text);
    // The customer's notes have their own panel, where they change them (issue 33).
    expect(screen.getByRole('region', { name: 'Notes for your technician' })).toHaveTextContent('On the drive');
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    // Issue 37: the VAT invoice issued at payment, as a PDF.
    expect(within(details).getByRole('link', { name: 'Download your VAT invoice INV-000042 (PDF)' })).toHaveAttribute('href', '/api/appointments/31/invoice.pdf');
  });

  it("links a refunded booking's credit note after its VAT invoice (issue 37)", async () => {
    const both = appointmentView({
      status: 'cancelled',
      paymentStatus: 'refunded',
      canChange: false,
      invoices: [
        { kind: 'invoice', number: 'INV-000042', url: '/api/appointments/31/invoice.pdf' },
        { kind: 'credit-note', number: 'CN-000057', url: '/api/appointments/31/credit-note.pdf' },
      ],
    });
    stubAppointment(() => jsonResponse(both));
    renderApp('/appointments/31');
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: 'Download your credit note CN-000057 (PDF)' })).toHaveAttribute('href', '/api/appointments/31/credit-note.pdf');
  });

  it('lets the customer change their notes until two days before, and shows the refusal once too late (issue 33)', async () => {
    let current = appointmentView({ notes: 'On the drive' });
    const puts: unknown[] = [];
    let refuse = false;
    const tooLate = 'It is too late to change your notes online: they could be changed until the end of Monday 2 March 2026.';
    stubAppointment(
      () => jsonResponse(current),
      (path, init) => {
        if (path !== '/api/appointments/31/notes' || init?.method !== 'PUT') return null;
        puts.push(JSON.parse(String(init.body)));
        if (refuse) return (current = { ...current, notesChangeableUntil: null }), jsonResponse({ error: 'conflict', message: tooLate }, 409);
        current = { ...current, notes: (JSON.parse(String(init.body)) as { notes: string }).notes };
        return jsonResponse(current);
      },
    );
    renderApp('/appointments/31');
    const panel = await screen.findByRole('region', { name: 'Notes for your technician' });
    expect(panel).toHaveTextContent('You can change them until the end of Monday 2 March 2026.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Change notes' }));
    const box = within(panel).getByLabelText('Notes for the technician');
    await waitFor(() => expect(box).toHaveFocus());
    fireEvent.change(box, { target: { value: '  White gate, code 4821  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Notes saved')).toBeInTheDocument();
    expect(puts).toEqual([{ notes: 'White gate, code 4821' }]);
    expect(panel).toHaveTextContent('White gate, code 4821');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Notes for your technician' })).toHaveFocus());

    refuse = true;
    fireEvent.click(within(panel).getByRole('button', { name: 'Change notes' }));
    fireEvent.change(within(panel).getByLabelText('Notes for the technician'), { target: { value: 'Too late' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save notes' }));
    expect(await within(panel).findByText(tooLate)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Notes for the technician')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the notes can no longer be changed online once it is too late, with the phone number', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ notes: 'On the drive', notesChangeableUntil: null, canChange: false })));
    renderApp('/appointments/31');
    const panel = await screen.findByRole('region', { name: 'Notes for your technician' });
    expect(panel).toHaveTextContent(`It is too late to change them online. To change them, please ring us on ${company.supportPhone}`);
    expect(within(panel).queryByRole('button', { name: 'Change notes' })).toBeNull();
  });

  it('says a repair marked as done is awaiting the customer, not Completed, until they confirm it (issue 33)', async () => {
    const done = { technician: 'Shine Mobile Repairs', completedAt: new Date().toISOString(), confirmedAt: null, problemReportedAt: null, warranty: null, review: null, afterPhotoIds: [] };
    stubAppointment(() => jsonResponse(appointmentView({ status: 'completed', canChange: false, notesChangeableUntil: null, aftercare: done })));
    renderApp('/appointments/31');
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('StatusMarked as done by your technician — please confirm');
    expect(details).not.toHaveTextContent('Completed');
  });

  it("shows the team and the technician the booking without the customer's buttons, and only the team the customer's data (two reviews)", async () => {
    stubAppointment(() => jsonResponse(appointmentView({ viewer: 'team', canChange: false })));
    renderApp('/appointments/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'The customer’s appointment' })).toBeInTheDocument();
    expect(screen.getByText(/To cancel and refund it, use its card/)).toBeInTheDocument();
    for (const name of ['Reschedule', 'Cancel booking']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
  });

  it('tells the team a finished booking has no cancel and refund on the dashboard', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ viewer: 'team', canChange: false, status: 'completed' })));
    renderApp('/appointments/31');
    expect(await screen.findByText(/a problem with a finished repair is refunded from Problems reported/)).toBeInTheDocument();
    expect(screen.queryByText(/To cancel and refund it, use its card/)).toBeNull();
  });

  it("shows the technician the booking with none of the customer's buttons or data", async () => {
    stubAppointment(() => jsonResponse(appointmentView({ viewer: 'technician', canChange: false, status: 'assigned', invoices: [] })));
    renderApp('/appointments/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'The customer’s appointment' })).toBeInTheDocument();
    for (const name of ['Reschedule', 'Cancel booking', 'Erase my data']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your data' })).toBeNull();
    expect(screen.queryByRole('link', { name: /VAT invoice/ })).toBeNull();
  });

  it('inside 24 hours it offers no online change and gives the phone number', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ canChange: false })));
    renderApp('/appointments/31');
    const changes = await screen.findByRole('region', { name: 'Need to change it?' });
    expect(changes).toHaveTextContent(/less than 24 hours away/);
    expect(within(changes).getByRole('link', { name: company.supportPhone })).toHaveAttribute('href', `tel:${company.supportPhoneE164}`);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('when no technician has taken it, offers another slot or a full refund, inside the 24 hours', async () => {
    stubAppointment(() => jsonResponse(appointmentView({ canChange: true, noTechnicianChoice: true })));
    renderApp('/appointments/31');
    const choice = await screen.findByRole('region', { name: 'We have not found a technician yet' });
    expect(choice).toHaveTextContent(/nobody will come unless one does/);
    expect(choice).toHaveTextContent(/full refund of £/);
    expect(within(choice).getByRole('button', { name: 'Choose another slot' })).toBeInTheDocument();
    fireEvent.click(within(choice).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel your booking?' })).toHaveTextContent('No technician has taken it, so your payment is refunded in full');
  });

  it('cancels after a confirmation and says the payment was refunded', async () => {
    let current: AppointmentView = appointmentView();
    const fetchMock = stubAppointment(
      () => jsonResponse(current),
      (path, init) => {
        if (path !== '/api/appointments/31/cancel' || init?.method !== 'POST') return null;
        current = appointmentView({ status: 'cancelled', paymentStatus: 'refunded', canChange: false });
        return jsonResponse(current);
      },
    );
    renderApp('/appointments/31');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your booking?' });
    expect(dialog).toHaveTextContent('refunded in full');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('heading', { name: 'This booking was cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/Your payment has been refunded in full/)).toBeInTheDocument();
    expect(await screen.findByText('Your booking has been cancelled and your payment refunded in full.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/appointments/31/cancel')).toHaveLength(1);
  });

  it("keeps the booking when the customer chooses 'Keep my booking'", async () => {
    const fetchMock = stubAppointment(() => jsonResponse(appointmentView()));
    renderApp('/appointments/31');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The dialog loads on demand (issue 36): kept, the keyboard still goes back to the button that opened it.
    const opener = screen.getByRole('button', { name: 'Cancel booking' });
    await waitFor(() => expect(opener).toHaveFocus());
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel'))).toEqual([]);
  });

  it("once the repair is done shows the technician's after photos, which open full size", async () => {
    const base = appointmentView();
    stubAppointment(() =>
      jsonResponse(
        appointmentView({
          status: 'completed',
          canChange: false,
          aftercare: { ...base.aftercare, technician: 'Shine Repairs', completedAt: '2026-03-04T15:00:00.000Z', warranty: { startsDate: '2026-03-04', endsDate: '2027-03-04', months: 12 }, afterPhotoIds: [51, 52] },
        }),
      ),
    );
    renderApp('/appointments/31');
    const panel = await screen.findByRole('region', { name: 'Your repair is done' });
    expect(panel).toHaveTextContent('Photos of the finished repair');
    expect(within(panel).getByRole('img', { name: 'After photo 2 of 2: open full size' })).toHaveAttribute('src', '/api/images/52?size=thumb');
    fireEvent.click(within(panel).getByRole('button', { name: 'After photo 1 of 2: open full size' }));
    expect(await screen.findByRole('img', { name: 'After photo 1 of 2, full size' })).toHaveAttribute('src', '/api/images/51');
    expect(panel).toHaveTextContent('12-month warranty on the workmanship runs until Thursday 4 March 2027');
  });

  it('confirming a repair already confirmed in another tab gives the sentence and shows it confirmed', async () => {
    const base = appointmentView();
    const done = { ...base.aftercare, technician: 'Shine Repairs', completedAt: '2026-03-04T15:00:00.000Z', warranty: { startsDate: '2026-03-04', endsDate: '2027-03-04', months: 12 } };
    let current = appointmentView({ status: 'completed', canChange: false, aftercare: done });
    stubAppointment(
      () => jsonResponse(current),
      (path, init) => {
        if (path !== '/api/appointments/31/confirm-completion' || init?.method !== 'POST') return null;
        current = appointmentView({ status: 'completed', canChange: false, aftercare: { ...done, confirmedAt: '2026-03-05T09:00:00.000Z' } });
        return jsonResponse({ error: 'conflict', message: 'You have already confirmed this repair.' }, 409);
      },
    );
    renderApp('/appointments/31');
    const panel = await screen.findByRole('region', { name: 'Your repair is done' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm the repair is complete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Confirm the repair is complete?' })).getByRole('button', { name: 'Confirm and release payment' }));
    expect(await screen.findByText('You have already confirmed this repair.')).toBeInTheDocument(); // the toast
    expect(await within(panel).findByText(/you confirmed the repair, and your technician is being paid/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Confirm the repair is complete' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("says 'Appointment Not Found' when it is not there", async () => {
    stubAppointment(() => jsonResponse({ message: 'Not found' }, 404));
    renderApp('/appointments/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment Not Found' })).toBeInTheDocument();
  });
});
