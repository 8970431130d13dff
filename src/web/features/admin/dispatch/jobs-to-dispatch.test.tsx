// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DispatchJob, QuoteNotification } from '../../../../shared/api/dispatch';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';

const admin = { user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } };
const inTwoHours = () => new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
const job: DispatchJob = {
  quoteId: 7,
  assessmentId: 41,
  reference: 'AR-7K3Q-9XPM',
  appointmentId: 31,
  appointmentDate: '2099-03-04',
  timeSlot: 'morning',
  damageType: 'scratch',
  address: '',
  city: 'London',
  postcode: 'SW1A 2AA',
  // As the server counts it: offers still open.
  openOffers: 2,
  unassigned: false,
};
const notification = (id: number, repairerName: string, status: QuoteNotification['status']): QuoteNotification => ({
  id,
  repairerId: id,
  repairerName,
  status,
  sentAt: new Date().toISOString(),
  expiresAt: inTwoHours(),
  respondedAt: status === 'declined' ? new Date().toISOString() : null,
  declineReason: status === 'declined' ? 'Fully booked that day' : null,
});

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('jobs to dispatch', () => {
  it('sums up the three listed responses (one declined) as offered to 3, 1 declined, 2 waiting', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/me') return jsonResponse(admin);
      if (url === '/api/admin/jobs-to-dispatch') return jsonResponse([job]);
      if (url === '/api/admin/quotes/7/notifications')
        return jsonResponse([notification(1, 'Acme Smart Repairs', 'sent'), notification(2, 'Bodyshop Two', 'viewed'), notification(3, 'Dent Doctors', 'declined')]);
      return jsonResponse({ message: `Unexpected ${url}` }, 404);
    });
    renderApp('/admin');
    const item = (await screen.findByRole('heading', { level: 3, name: /^AR-7K3Q-9XPM:/ }, { timeout: 15_000 })).closest('li')!;
    const responses = within(item).getByRole('group', { name: 'Repairer responses' });
    expect(await within(responses).findAllByRole('listitem')).toHaveLength(3);
    expect(within(item).getByText('Offered to 3 · 1 declined · 2 waiting')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('Offered to 2');
  });
});
