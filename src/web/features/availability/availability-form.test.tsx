// @vitest-environment jsdom
// Issue 35 (docs/decisions/0029): the availability form says before saving what a save does to jobs
// already accepted, and after a save that took jobs back lists each one (date, slot, district),
// worded for the technician's own screen and for the team's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availabilityMessages, DEFAULT_AVAILABILITY } from '../../../shared/api/repairer-availability';
import { jsonResponse, stubFetch } from '../../test/render-app';
import { AvailabilityForm } from './availability-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(whose: string, takenBack: { date: string; slot: 'morning' | 'afternoon'; district: string }[]) {
  const fetchMock = stubFetch(() => jsonResponse({ ...DEFAULT_AVAILABILITY, timeOff: [{ from: '2027-03-10', to: '2027-03-10' }], takenBack }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvailabilityForm initial={DEFAULT_AVAILABILITY} saveUrl="/api/repairer/availability" whose={whose} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the availability form and jobs already accepted', () => {
  it("tells the technician beforehand, and afterwards lists the jobs given back", async () => {
    renderForm('you', [{ date: '2027-03-10', slot: 'morning', district: 'NR2' }]);
    expect(screen.getByText(availabilityMessages.takesBack('you'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Jobs given back');
    expect(notice.textContent).toContain(availabilityMessages.tookBack(1, 'you'));
    expect(notice.textContent).toContain('Wednesday 10 March 2027, morning');
    expect(notice.textContent).toContain('NR2');
  });

  it("tells the team where the bookings went; says nothing when none were taken back", async () => {
    renderForm('Norfolk Smart Repairs', [
      { date: '2027-03-10', slot: 'morning', district: 'NR2' },
      { date: '2027-03-11', slot: 'afternoon', district: 'NR1' },
    ]);
    expect(screen.getByText(availabilityMessages.takesBack('them'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(availabilityMessages.tookBack(2, 'them'));
    expect(notice.querySelectorAll('li')).toHaveLength(2);
    cleanup();
    renderForm('you', []);
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await screen.findByText(availabilityMessages.saved);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
