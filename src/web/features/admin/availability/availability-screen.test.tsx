// @vitest-environment jsdom
// The admin's Availability tab offers no control on a day or slot that can never be booked (D15):
// the server refuses such a change (tests/integration/bookings.test.ts), so the screen must not invite it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAvailabilityDay, AdminAvailabilityMonth } from '../../../../shared/api/appointments';
import { isWorkingDay } from '../../../../shared/calendar';
import { jsonResponse, stubFetch } from '../../../test/render-app';
import { AvailabilityScreen } from './availability-screen';

// Monday 8 March 2027, 10:00 in London: Tuesday's 8:00 is 22 hours away, its 13:00 27 hours.
const NOW = new Date('2027-03-08T10:00:00Z');
const slot = { capacity: 3, taken: 0, overridden: false };
const day = (date: string): AdminAvailabilityDay => ({ date, workingDay: isWorkingDay(date), closed: false, slots: { morning: slot, afternoon: slot } });
const march: AdminAvailabilityMonth = {
  month: '2027-03',
  defaultCapacity: 3,
  days: Array.from({ length: 31 }, (_, index) => day(`2027-03-${String(index + 1).padStart(2, '0')}`)).map((d) =>
    // Thursday 18 March is closed: its slots have no places because it is closed, not by default.
    d.date === '2027-03-18' ? { ...d, closed: true, slots: { morning: { capacity: 0, taken: 1, overridden: false }, afternoon: { capacity: 0, taken: 0, overridden: false } } } : d,
  ),
};

function renderScreen() {
  stubFetch((url) => (url.startsWith('/api/admin/availability') ? jsonResponse(march) : jsonResponse({ message: 'unexpected' }, 500)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvailabilityScreen />
    </QueryClientProvider>,
  );
}

const row = async (name: string) => (await screen.findByRole('heading', { level: 3, name: new RegExp(`^${name}`) })).closest('li')!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

describe("the admin's Availability tab", () => {
  it('offers no control on a day that is a bank holiday or is inside 24 hours, and says why; this month starts from today', async () => {
    renderScreen();
    // Days gone by are left out of the current month (an operator's review).
    expect(await screen.findByRole('heading', { level: 3, name: /^Monday 8 March 2027/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: /^Friday 5 March 2027/ })).not.toBeInTheDocument();
    expect(screen.getByText(/This month starts from today\./)).toBeInTheDocument();
    for (const [name, why] of [
      ['Monday 8 March 2027', 'Not bookable: less than 24 hours away'],
      ['Friday 26 March 2027', 'Not bookable: bank holiday'],
    ] as const) {
      const item = await row(name);
      expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent(why);
      expect(within(item).queryByRole('button')).not.toBeInTheDocument();
      expect(within(item).queryByRole('textbox')).not.toBeInTheDocument();
      expect(item).toHaveTextContent('0 of 3 taken (default)');
    }
    expect(screen.queryByRole('heading', { level: 3, name: /^Saturday 13 March 2027/ })).not.toBeInTheDocument();
  });

  it('says a closed day is closed, with what it had taken, not "0 of 0 taken (default)"', async () => {
    renderScreen();
    const closed = await row('Thursday 18 March 2027');
    expect(closed).toHaveTextContent('Closed (1 taken)');
    expect(closed).toHaveTextContent('Closed (0 taken)');
    expect(closed).not.toHaveTextContent('(default)');
  });

  it("keeps tomorrow's afternoon and the day's closing open, and shows tomorrow's morning as too soon", async () => {
    renderScreen();
    const tomorrow = await row('Tuesday 9 March 2027');
    expect(within(tomorrow).getByRole('button', { name: 'Close Tuesday 9 March 2027' })).toBeInTheDocument();
    expect(within(tomorrow).queryByLabelText('Capacity for morning, Tuesday 9 March 2027')).not.toBeInTheDocument();
    expect(within(tomorrow).getByText('Not bookable: less than 24 hours away')).toBeInTheDocument();
    expect(within(tomorrow).getByLabelText('Capacity for afternoon, Tuesday 9 March 2027')).toBeInTheDocument();

    const later = await row('Wednesday 10 March 2027');
    expect(within(later).getAllByRole('textbox')).toHaveLength(2);
    expect(later).not.toHaveTextContent('Not bookable');
  });
});
