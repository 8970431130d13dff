// Issue 33: a repair the technician marked done is "Completed" only once the customer confirms it,
// or once 72 hours pass without a problem reported (D14's automatic release).
import { describe, expect, it } from 'vitest';
import { appointmentView } from '../../test/fixtures';
import { appointmentStatusLabel } from './appointment-format';

const completedAt = '2026-03-04T16:00:00.000Z';
const done = (aftercare: Partial<ReturnType<typeof appointmentView>['aftercare']> = {}, viewer: 'customer' | 'team' | 'technician' = 'customer') =>
  appointmentView({ status: 'completed', viewer, aftercare: { ...appointmentView().aftercare, completedAt, ...aftercare } });

describe('appointmentStatusLabel', () => {
  it('asks the customer to confirm a repair marked as done, until they do', () => {
    expect(appointmentStatusLabel(done(), new Date('2026-03-05T09:00:00Z'))).toBe('Marked as done by your technician — please confirm');
    expect(appointmentStatusLabel(done({ confirmedAt: '2026-03-05T10:00:00.000Z' }), new Date('2026-03-05T11:00:00Z'))).toBe('Completed');
  });

  it('calls it completed once the 72 hours pass without a problem reported, and never while a problem is open', () => {
    expect(appointmentStatusLabel(done(), new Date('2026-03-07T15:59:59Z'))).toBe('Marked as done by your technician — please confirm');
    expect(appointmentStatusLabel(done(), new Date('2026-03-07T16:00:00Z'))).toBe('Completed');
    expect(appointmentStatusLabel(done({ problemReportedAt: '2026-03-05T10:00:00.000Z' }), new Date('2026-03-20T10:00:00Z'))).toBe(
      'Marked as done by your technician — you reported a problem',
    );
  });

  it('speaks of the customer to the team and the technician, and leaves the other statuses as they were', () => {
    expect(appointmentStatusLabel(done({}, 'team'), new Date('2026-03-05T09:00:00Z'))).toBe('Marked as done by the technician — waiting for the customer to confirm');
    expect(appointmentStatusLabel(appointmentView({ status: 'assigned' }))).toBe('Confirmed, technician assigned');
  });
});
