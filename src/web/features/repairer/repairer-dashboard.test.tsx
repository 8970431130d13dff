// @vitest-environment jsdom
// D16 offers jobs to verified repairers only: a repairer still Pending Verification is told so on
// their dashboard, where they would otherwise wait for offers that never come (an operator's review).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../shared/api/repairer-accounts';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const repairer = { user: { id: 7, email: 'shine@example.co.uk', role: 'repairer', name: 'Sam Shine', repairerId: 3 } };
const profile = (isVerified: boolean): ProfileView => ({
  businessName: 'Shine Mobile Repairs',
  contactName: 'Sam Shine',
  email: 'shine@example.co.uk',
  phone: '+447700900123',
  city: 'Bristol',
  postcode: 'BS1 5TY',
  serviceRadius: 30,
  specializations: ['scratch'],
  isVerified,
  rating: null,
  payouts: 'test-mode',
  earnings: { paid: '0.00', toBePaid: '0.00', onHold: '0.00' },
  photo: null,
});

function dashboardFor(isVerified: boolean) {
  stubFetch((url) => {
    if (url === '/api/auth/me') return jsonResponse(repairer);
    if (url === '/api/repairer/3/jobs') return jsonResponse([]);
    if (url === '/api/repairer/profile') return jsonResponse(profile(isVerified));
    return jsonResponse({ message: `Unexpected ${url}` }, 404);
  });
  renderApp('/repairer');
}

describe("the repairer's dashboard", () => {
  it('tells a repairer Pending Verification that no jobs are offered to them yet', async () => {
    dashboardFor(false);
    expect(await screen.findByText(/so none are offered to you yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/repairer/profile');
  });

  it('says nothing of it once they are verified', async () => {
    dashboardFor(true);
    await screen.findByText(/0 jobs available/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Pending Verification/)).not.toBeInTheDocument();
  });
});
