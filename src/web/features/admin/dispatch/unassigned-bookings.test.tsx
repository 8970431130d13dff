// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnassignedBooking } from '../../../../shared/api/unassigned-bookings';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';

const admin = { user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } };
const booking: UnassignedBooking = {
  appointmentId: 31,
  quoteId: 7,
  assessmentId: 41,
  reference: 'AR-7K3Q-9XPM',
  appointmentDate: '2099-03-04',
  timeSlot: 'morning',
  damageType: 'scratch',
  city: 'London',
  postcode: 'SW1A 2AA',
  offersMade: 3,
  declined: 1,
  teamToldAt: '2099-03-01T10:00:00.000Z',
  customerToldAt: null,
  technicians: [{ repairerId: 5, businessName: 'Near Repairs', phone: '020 7946 0000', distance: 2.1 }],
};

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bookings without a technician', () => {
  it('lists each with the technicians who could still take it, and offers it to one', async () => {
    const sent: unknown[] = [];
    stubFetch((url, init) => {
      if (url === '/api/auth/me') return jsonResponse(admin);
      if (url === '/api/admin/unassigned-bookings') return jsonResponse(sent.length ? [] : [booking]);
      if (url === '/api/admin/jobs-to-dispatch') return jsonResponse([]);
      if (url === '/api/admin/quotes/7/send-to-repairer' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ notification: { id: 1, repairerId: 5, repairerName: 'Near Repairs', status: 'sent', sentAt: new Date().toISOString(), expiresAt: new Date().toISOString(), respondedAt: null, declineReason: null } });
      }
      return jsonResponse([]);
    });
    renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'Bookings without a technician (1)' }, { timeout: 15_000 });
    expect(section).toHaveTextContent('Offered 3 times, 1 declined; nobody accepted in time.');
    const technicians = within(section).getByRole('list', { name: 'Technicians who could take AR-7K3Q-9XPM' });
    expect(within(technicians).getByText('Near Repairs')).toBeInTheDocument();
    fireEvent.click(within(technicians).getByRole('button', { name: 'Offer AR-7K3Q-9XPM to Near Repairs' }));
    await waitFor(() => expect(sent).toEqual([{ repairerId: 5 }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Bookings without a technician/ })).not.toBeInTheDocument());
  });
});
