// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentView } from '../../../shared/api/appointments';
import { ALREADY_PAID } from '../../../shared/api/payments';
import type { QuoteView } from '../../../shared/api/quotes';
import { appointmentView, quoteView } from '../../test/fixtures';
import { expectOneHeadingWhileLoading, jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';

configure({ asyncUtilTimeout: 4000 });

const NOW = new Date('2026-03-02T10:00:00Z');
const held = (overrides: Partial<AppointmentView> = {}) =>
  appointmentView({ status: 'held', paymentStatus: 'requires_payment', holdExpiresAt: '2026-03-02T10:30:00.000Z', ...overrides });
const intent = { clientSecret: 'test_pi_31_secret', amount: 237600, currency: 'gbp', appointmentId: 31, provider: 'test' };

type Stub = { appointment?: AppointmentView; quote?: QuoteView | null; intent?: () => Response; confirm?: () => Response };

/** The server's answer to paying what is paid already (payments.service's alreadyPaid). */
const alreadyPaid = () => jsonResponse(ALREADY_PAID, 409);

function stubServer({ appointment = held(), quote = quoteView(), intent: answerIntent, confirm }: Stub = {}) {
  // As the server does: once paid, the quote reads as booked (a refetch after Back must not undo it),
  // the booking as confirmed, and paying again is refused with ALREADY_PAID.
  let paid = false;
  const fetchMock = stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/payments/config') return jsonResponse({ provider: 'test', publishableKey: null, testMode: true });
    if (path === '/api/quotes/5') return quote === null ? jsonResponse({ error: 'not_found', message: 'We could not find that quote.' }, 404) : jsonResponse(paid ? { ...quote, status: 'booked' } : quote);
    // The quote's unpaid hold, as the server keeps it (what a checkout opened from a link reads).
    if (path === '/api/quotes/5/held-appointment') return jsonResponse({ appointment: paid ? null : appointment, bookedAppointmentId: paid ? appointment.id : null });
    if (path === '/api/create-payment-intent' && init?.method === 'POST') {
      if (answerIntent) return answerIntent();
      if (paid) return alreadyPaid();
      // As the server does (D14): inside 14 days the intent needs the customer's request.
      const body = JSON.parse(String(init.body)) as { startWithinCancellationPeriod?: boolean };
      const inside = new Date(appointment.startsAt).getTime() - NOW.getTime() < 14 * 24 * 60 * 60 * 1000;
      if (inside && body.startWithinCancellationPeriod !== true) {
        const message = 'Your appointment is within the 14-day cancellation period. Please tick the box to ask us to start the repair within it.';
        return jsonResponse({ error: 'validation', message, fieldErrors: { startWithinCancellationPeriod: message } }, 400);
      }
      return jsonResponse(intent);
    }
    if (path === '/api/appointments/31')
      return jsonResponse(paid ? { ...appointment, status: 'confirmed', paymentStatus: 'succeeded', holdExpiresAt: null } : appointment);
    if (path === '/api/test-payments/confirm') {
      if (confirm) return confirm();
      if (paid) return alreadyPaid();
      paid = true;
      return jsonResponse({ status: 'succeeded', appointmentId: 31 });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  /** The same booking paid in another tab: from now on the server answers as it then does. */
  const payInAnotherTab = () => {
    paid = true;
  };
  return Object.assign(fetchMock, { payInAnotherTab });
}

const bodiesTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function fillCard(number = '4242 4242 4242 4242') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
}

beforeAll(async () => {
  await import('../../routes/customer/checkout');
}, 30_000);
resetCustomerPageBetweenTests({ now: NOW });

describe('checkout', () => {
  it("says 'Invalid Quote' without a quote_id, and calls nothing", async () => {
    const fetchMock = stubServer();
    renderApp('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Quote' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('No quote found. Please start from the beginning.')).toHaveLength(2)); // page and toast
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/create-payment-intent'))).toEqual([]);
  });

  it('while the payment is set up, says so under the page’s one heading (axe: page-has-heading-one)', async () => {
    await expectOneHeadingWhileLoading('/checkout?quote_id=5', 'Setting up your secure payment…');
  });

  it("says only 'Invalid Quote' for a quote this browser cannot open, and asks for no payment", async () => {
    const fetchMock = stubServer({ quote: null });
    renderApp('/checkout?quote_id=5');
    await waitFor(() => expect(screen.getAllByText('No quote found. Please start from the beginning.')).toHaveLength(2)); // page and toast
    // The one toast at a time (D20) is that one: no 'Setup Error' replaces it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Setup Error')).not.toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([]);
  });

  it('a quote already booked and paid (Back from the confirmation) says so, asks for no payment and raises no setup error', async () => {
    const fetchMock = stubServer({
      quote: quoteView({ status: 'booked' }),
      intent: alreadyPaid,
    });
    renderApp('/checkout?quote_id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Already paid' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This booking has already been paid for: there is nothing more to pay.');
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toHaveAttribute('href', '/quote/41');
    expect(screen.queryByText(/Nothing has been charged/)).not.toBeInTheDocument();
    expect(screen.queryByText('Setup Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([]);
  });

  it("states the quote's own warranty when it is longer than the 12 months promised", async () => {
    stubServer({ quote: quoteView({ warrantyMonths: 24 }), appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }) });
    renderApp('/checkout?quote_id=5');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('24-month warranty');
    expect(summary).not.toHaveTextContent('12-month');
  });

  it('shows the loading state, then the order summary, notes, test-mode banner, hold time and Pay £amount', async () => {
    const fetchMock = stubServer({ appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }) });
    renderApp('/checkout?quote_id=5');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Labour£480.00');
    expect(summary).toHaveTextContent('Parts and materials£1,170.00');
    expect(summary).toHaveTextContent('Service fee£330.00');
    expect(summary).toHaveTextContent('VAT (20%)£396.00');
    expect(summary).toHaveTextContent('Total£2,376.00');
    expect(summary).toHaveTextContent('Repair Service: £1,320.00');
    expect(summary).toHaveTextContent('protection guarantee');
    expect(summary).toHaveTextContent('12-month warranty');
    expect(screen.getByText('Test mode: no real money is taken.')).toBeInTheDocument();
    expect(screen.getByText('Your payment is held until the repair is completed to your satisfaction.')).toBeInTheDocument();
    expect(screen.getByText('30:00')).toBeInTheDocument();
    expect(screen.getByText(/Consumer Contracts \(Information, Cancellation and Additional Charges\) Regulations 2013/)).toBeInTheDocument();
    // More than 14 days ahead: nothing to tick.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay £2,376.00' })).toBeEnabled();
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([{ quoteId: 5 }]);
  });

  it('inside 14 days the request box starts unticked and must be ticked to pay; it is then sent with the intent', async () => {
    // Opened from a link, not from the booking page: the server's hold for the quote says the day,
    // so the page knows before any intent that the request is needed, and asks for none without it.
    const fetchMock = stubServer();
    const { router } = renderApp('/checkout?quote_id=5');
    // The box is looked up afresh each time: what matters is the one on the page then.
    const box = () => screen.getByRole('checkbox', { name: 'I ask for the repair to start within the 14-day cancellation period.' });
    expect(await screen.findByRole('checkbox', { name: 'I ask for the repair to start within the 14-day cancellation period.' })).not.toBeChecked();
    expect(screen.getByText('30:00')).toBeInTheDocument();
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByText(/please tick the box to ask for the repair to start within the cancellation period/)).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveFocus();
    expect(bodiesTo(fetchMock, '/api/test-payments/confirm')).toEqual([]);
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([]);

    // Ticking keeps the form as it is: the card typed stays, the box stays ticked.
    fireEvent.click(box());
    await waitFor(() => expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([{ quoteId: 5, startWithinCancellationPeriod: true }]));
    expect(box()).toBeChecked();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/31'));
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([{ quoteId: 5, startWithinCancellationPeriod: true }]);
    expect(bodiesTo(fetchMock, '/api/test-payments/confirm')).toEqual([
      { clientSecret: 'test_pi_31_secret', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    ]);

    // Back from the confirmation: the quote is paid, so there is nothing to pay and no new intent.
    await router.navigate(-1);
    // Looked up afresh while waiting: the route's page may be mounted again as it settles.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Already paid' })).toBeInTheDocument());
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toHaveLength(1);
  });

  /** 'Already paid' with the way on to the booking: no card form, no setup error, no failure. */
  async function expectAlreadyPaid() {
    // Looked up afresh while waiting: the page is replaced as the quote and booking are read again.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Already paid' })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('This booking has already been paid for: there is nothing more to pay.');
    await waitFor(() => expect(screen.getByRole('link', { name: 'View your booking' })).toHaveAttribute('href', '/confirmation/31'));
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toHaveAttribute('href', '/quote/41');
    for (const gone of [/We could not set up your payment/, /Nothing has been charged/, 'Setup Error', 'Payment Failed', 'Payment Error'])
      expect(screen.queryByText(gone)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  }

  it('a second tab, once the first has paid, says Already paid when Pay is pressed, and again on reload', async () => {
    const fetchMock = stubServer({ appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }) });
    const { router } = renderApp('/checkout?quote_id=5');
    await screen.findByRole('button', { name: 'Pay £2,376.00' });
    await fillCard();
    fetchMock.payInAnotherTab();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    await expectAlreadyPaid();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(bodiesTo(fetchMock, '/api/test-payments/confirm')).toHaveLength(1);

    // Reloaded: the page starts afresh and asks for no payment at all.
    cleanup();
    const before = bodiesTo(fetchMock, '/api/create-payment-intent').length;
    renderApp({ pathname: '/checkout', search: '?quote_id=5', state: { appointmentId: 31 } });
    await expectAlreadyPaid();
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toHaveLength(before);
  });

  it('a second tab inside 14 days, once the first has paid, says Already paid when the box is ticked, not a setup error', async () => {
    const fetchMock = stubServer();
    renderApp({ pathname: '/checkout', search: '?quote_id=5', state: { appointmentId: 31 } });
    const box = await screen.findByRole('checkbox', { name: 'I ask for the repair to start within the 14-day cancellation period.' });
    await fillCard();
    fetchMock.payInAnotherTab();
    fireEvent.click(box);
    await expectAlreadyPaid();
    expect(bodiesTo(fetchMock, '/api/create-payment-intent')).toEqual([{ quoteId: 5, startWithinCancellationPeriod: true }]);
    expect(bodiesTo(fetchMock, '/api/test-payments/confirm')).toEqual([]);
  });

  it('says what is wrong with the card details before sending anything, and takes focus to the summary of it', async () => {
    const fetchMock = stubServer({ appointment: held({ startsAt: '2026-04-01T12:00:00.000Z' }) });
    renderApp('/checkout?quote_id=5');
    const pay = await screen.findByRole('button', { name: 'Pay £2,376.00' });
    pay.focus();
    fireEvent.click(pay);
    // WCAG 3.3.1, as the other forms do: the problems are listed and announced, and focus leaves Pay for them.
    const summary = await screen.findByRole('alert', { name: 'There are 3 problems with your card details' });
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Please enter your card number', '#card-number'],
      ['Please enter the expiry date', '#card-expiry'],
      ['Please enter the security code', '#card-cvc'],
    ]);
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Please enter your card number');
    fireEvent.click(links[1]!);
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '0126' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByLabelText('Card number')).toHaveAccessibleDescription('Please enter a valid card number');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription('Your card has expired');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription('The security code is 3 or 4 digits');
    expect(bodiesTo(fetchMock, '/api/test-payments/confirm')).toEqual([]);
  });

  it('inside 14 days, Pay with nothing filled in takes focus to the unticked box, the first problem on the page', async () => {
    stubServer();
    renderApp('/checkout?quote_id=5');
    const box = await screen.findByRole('checkbox', { name: 'I ask for the repair to start within the 14-day cancellation period.' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription(/please tick the box/);
    expect(screen.getByRole('alert', { name: 'There are 3 problems with your card details' })).toBeInTheDocument();
  });

  it("a declined card says 'Payment Failed' with the provider's message and stays on checkout", async () => {
    stubServer({
      appointment: held({ startsAt: '2026-04-01T12:00:00.000Z' }),
      confirm: () => jsonResponse({ error: 'card_declined', message: 'Your card was declined.' }, 402),
    });
    const { router } = renderApp('/checkout?quote_id=5');
    await screen.findByRole('button', { name: 'Pay £2,376.00' });
    await fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText(/Your card was declined\. Your booking is not paid yet/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it("a payment the server will not take as it stands (409) says 'Payment Failed' with the server's sentence alone", async () => {
    const sentence = 'The price of this quote has changed since checkout opened, and nothing was taken from your card. Please reload the page to see the new price.';
    stubServer({ appointment: held({ startsAt: '2026-04-01T12:00:00.000Z' }), confirm: () => jsonResponse({ error: 'conflict', message: sentence }, 409) });
    renderApp('/checkout?quote_id=5');
    await screen.findByRole('button', { name: 'Pay £2,376.00' });
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByRole('alert')).not.toHaveTextContent('try again or use another card');
  });

  it('a hold the server says has run out reads the booking again, so the page stops counting down and offers to choose a slot', async () => {
    // The server's clock decides: here its hold ended before this page's countdown did (a phone's clock behind, say).
    const sentence = 'Your 30-minute hold on this slot has run out. Please choose a date and time again.';
    const appointment = held({ startsAt: '2026-04-01T12:00:00.000Z' });
    stubServer({
      appointment,
      confirm: () => {
        // As the server then reads it: the hold has lapsed.
        Object.assign(appointment, { status: 'lapsed', holdExpiresAt: null });
        return jsonResponse({ error: 'conflict', message: sentence }, 409);
      },
    });
    renderApp('/checkout?quote_id=5');
    await screen.findByRole('button', { name: 'Pay £2,376.00' });
    expect(screen.getByText(/Your slot is held for another/)).toBeInTheDocument();
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Choose a slot again' })).toHaveAttribute('href', '/booking/5');
    expect(screen.queryByText(/Your slot is held for another/)).not.toBeInTheDocument();
  });

  it("any other failure is 'Payment Error'", async () => {
    stubServer({ appointment: held({ startsAt: '2026-04-01T12:00:00.000Z' }), confirm: () => new Response('boom', { status: 500 }) });
    renderApp('/checkout?quote_id=5');
    await screen.findByRole('button', { name: 'Pay £2,376.00' });
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £2,376.00' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getAllByText(/An unexpected error occurred\. Please try again\./).length).toBeGreaterThanOrEqual(1);
  });

  it("says 'Setup Error' when the intent cannot be created, with the server's reason, Try again and a way back", async () => {
    stubServer({
      appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }),
      intent: () => jsonResponse({ error: 'payments_unavailable', message: 'We could not reach our payment provider just now.' }, 503),
    });
    renderApp('/checkout?quote_id=5');
    expect(await screen.findByText('Setup Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to set up payment. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(/We could not reach our payment provider just now\. Nothing has been charged\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a slot again' })).toHaveAttribute('href', '/booking/5');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'We could not set up your payment' }));
  });

  it('a refusal (the hold ran out) says only its reason: no Setup Error toast, no Try again that cannot work (a browser review)', async () => {
    stubServer({
      appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }),
      intent: () => jsonResponse({ error: 'conflict', message: 'Your 30-minute hold on this slot has run out. Please choose a date and time again.' }, 409),
    });
    renderApp('/checkout?quote_id=5');
    expect(await screen.findByText(/Your 30-minute hold on this slot has run out\. Please choose a date and time again\. Nothing has been charged\./)).toBeInTheDocument();
    expect(screen.queryByText('Setup Error')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose a slot again' })).toHaveAttribute('href', '/booking/5');
  });

  it('a quote that expired since the slot was chosen says so, with the way back to the quote, not Try again (a customer review)', async () => {
    const message = 'This quote expired on Sunday 1 March 2026. Please ask us for a new one.';
    stubServer({
      appointment: held({ appointmentDate: '2026-04-01', startsAt: '2026-04-01T12:00:00.000Z' }),
      quote: { ...quoteView(), expired: true },
      intent: () => jsonResponse({ error: 'conflict', message }, 409),
    });
    renderApp('/checkout?quote_id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'This quote has expired' })).toBeInTheDocument();
    expect(screen.getByText(`${message} Nothing has been charged.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
