// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEmail } from '../../../shared/api/email';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';

afterEach(cleanup);

const admin = { user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } };
const email = (overrides: Partial<OutboxEmail>): OutboxEmail => ({
  id: 1,
  kind: 'quote-ready',
  channel: 'email',
  toAddress: 'priya@example.co.uk',
  subject: 'Your quote is ready (reference AR-7K3Q-9XPM)',
  textBody: 'Hello Priya,\n\nYour quote is ready:\nhttp://localhost:3000/access/abc?next=/quote/4',
  status: 'logged',
  attempts: 1,
  createdAt: '2026-11-27T10:15:00.000Z',
  sendAfter: null,
  sentAt: '2026-11-27T10:15:01.000Z',
  bouncedAt: null,
  lastError: null,
  ...overrides,
});

describe('the admin’s e-mails page', () => {
  it('lists the latest e-mails with what happened to each, and opens one to read it whole, links included', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      if (url === '/api/auth/me') return jsonResponse(admin);
      if (url.startsWith('/api/admin/emails')) {
        return jsonResponse([
          email({ id: 3, subject: 'Refund of £216.00 – reference AR-7K3Q-9XPM', status: 'failed', lastError: 'Not sent: the recipient has unsubscribed' }),
          email({ id: 2, status: 'sent', subject: 'New job near you' }),
          email({ id: 1 }),
        ]);
      }
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/admin/outbox');
    const list = await screen.findByRole('list', { name: 'E-mails, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      expect.stringMatching(/^Refund of £216\.00 – reference AR-7K3Q-9XPMTo priya@example\.co\.uk · .* · Not sent$/),
      expect.stringMatching(/New job near you.*Sent$/),
      expect.stringMatching(/Your quote is ready.*Kept here \(no SMTP\)$/),
    ]);
    expect(asked).toContain('/api/admin/emails?limit=50');
    fireEvent.click(items[2]!.querySelector('summary')!);
    // Its links can be followed from here, as the customer would from the e-mail.
    expect(within(items[2]!).getByRole('link', { name: 'http://localhost:3000/access/abc?next=/quote/4' })).toHaveAttribute('href', 'http://localhost:3000/access/abc?next=/quote/4');
    expect(within(items[0]!).getByText('Not sent: the recipient has unsubscribed')).toBeInTheDocument();
  });

  it('shows texts beside e-mails: kept here when no text provider is set, and a provider’s refusal with its code', async () => {
    const text = { channel: 'sms' as const, toAddress: '+447700900123', subject: '', textBody: 'AutoRevive: your repair is booked. Ref AR-7K3Q-9XPM.' };
    stubFetch((url) => {
      if (url === '/api/auth/me') return jsonResponse(admin);
      if (url.startsWith('/api/admin/emails')) {
        return jsonResponse([
          email({ id: 2, ...text, kind: 'text-booking-reminder', status: 'failed', attempts: 1, lastError: 'Twilio error 21610: Attempt to send to unsubscribed recipient' }),
          email({ id: 1, ...text, kind: 'text-booking-confirmed', status: 'logged' }),
        ]);
      }
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/admin/outbox');
    const items = within(await screen.findByRole('list', { name: 'E-mails, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      expect.stringMatching(/^Text message \(text-booking-reminder\)To \+447700900123 · .* · Not sent$/),
      expect.stringMatching(/^Text message \(text-booking-confirmed\).*Kept here: texts not configured \(no SMS_PROVIDER\)$/),
    ]);
    expect(within(items[0]!).getByText('Twilio error 21610: Attempt to send to unsubscribed recipient')).toBeInTheDocument();
  });
});
