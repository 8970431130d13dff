// @vitest-environment jsdom
// Issue 38 item 1: My repairs' states, against a stubbed API (the real one: tests/e2e/my-repairs.test.ts).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyRepairs } from '../../../shared/api/my-repairs';
import { jsonResponse, renderApp, resetCustomerPageBetweenTests, stubFetch } from '../../test/render-app';

resetCustomerPageBetweenTests({ now: new Date('2026-11-10T10:00:00Z') });

const token = 'a'.repeat(43);
const list: MyRepairs = {
  email: 'sam@example.co.uk',
  repairs: [
    {
      assessmentId: 41,
      reference: 'AR-AAAA-BBBB',
      submittedAt: '2026-11-02T09:00:00.000Z',
      vehicle: '2019 Ford Focus',
      damageType: 'Scratch Repair',
      quote: { id: 41, status: 'booked', totalCost: '576.00', validUntil: '2026-12-01' },
      booking: { appointmentId: 7, status: 'completed', appointmentDate: '2026-11-06', timeSlot: 'morning', invoiceUrl: '/api/appointments/7/invoice.pdf', receipt: false },
      warranty: { endsDate: '2027-11-06' },
      review: null,
    },
    { assessmentId: 42, reference: 'AR-CCCC-DDDD', submittedAt: '2026-11-09T09:00:00.000Z', vehicle: '2020 Honda Jazz', damageType: 'Scuff Removal', quote: null, booking: null, warranty: null, review: null },
  ],
};

describe('My repairs', () => {
  it('asks for a link without a session, and says the same "if" whatever the address', async () => {
    const calls = stubFetch((url, init) => {
      if (url === '/api/my-repairs') return jsonResponse({ error: 'unauthorised', message: 'You are not signed in to My repairs in this browser.' }, 401);
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'sam@example.co.uk' });
      return jsonResponse({ message: 'If we have repairs for that address, we have e-mailed a link to it.' }, 202);
    });
    renderApp('/my-repairs');
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: 'sam@example.co.uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    // The sentence is announced (a toast's live region from another screen may be a second status).
    expect(screen.getByText(/If we have repairs for that address/)).toHaveAttribute('role', 'status');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('uses the link only when the button is pressed, then lists every repair with its booking, invoice, warranty and review', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/my-repairs/sign-in') return jsonResponse(list);
      throw new Error(`unexpected ${url}`);
    });
    const { router } = renderApp(`/my-repairs#sign-in=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Show my repairs' }));
    expect(await screen.findByText('sam@example.co.uk')).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    const first = screen.getByRole('article', { name: '2019 Ford Focus: Scratch Repair' });
    expect(first).toHaveTextContent('Booked, £576.00');
    expect(first).toHaveTextContent('Repair done: Friday 6 November 2026, morning');
    expect(first).toHaveTextContent('Until Saturday 6 November 2027');
    expect(screen.getByRole('link', { name: /^Download the VAT invoice for AR-AAAA-BBBB\s*\(PDF\)$/ })).toHaveAttribute('href', '/api/appointments/7/invoice.pdf');
    expect(screen.getByRole('link', { name: 'Leave a review for AR-AAAA-BBBB' })).toHaveAttribute('href', '/appointments/7');
    expect(screen.getByRole('article', { name: '2020 Honda Jazz: Scuff Removal' })).toHaveTextContent('Being prepared: it comes by e-mail');
  });

  it('shows a used link’s refusal with the form to ask again', async () => {
    stubFetch((url) =>
      url === '/api/my-repairs/sign-in'
        ? jsonResponse({ error: 'gone', message: 'This sign-in link has already been used. Each link works once: please ask for a new one below.' }, 410)
        : jsonResponse({ error: 'unauthorised', message: 'Not signed in.' }, 401),
    );
    renderApp(`/my-repairs#sign-in=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Show my repairs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already been used');
    expect(screen.getByLabelText('Your e-mail address')).toBeInTheDocument();
  });

  it('signs out here, back to the form', async () => {
    stubFetch((url) => (url === '/api/my-repairs/sign-out' ? jsonResponse({ message: 'Signed out.' }) : jsonResponse(list)));
    renderApp('/my-repairs');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with your e-mail' })).toBeInTheDocument();
  });
});
