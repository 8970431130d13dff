import { MonthCalendar } from './month-calendar';
import { SlotPanel } from './slot-panel';
import type { SlotPicker as Picker } from './slot-picker-state';

/** The calendar and its slot panel: used by booking and by rescheduling. */
export function SlotPicker({ picker, now, idPrefix }: { picker: Picker; now: Date; idPrefix: string }) {
  return (
    <div className="grid content-start gap-6">
      <MonthCalendar picker={picker} now={now} idPrefix={idPrefix} />
      <SlotPanel picker={picker} now={now} idPrefix={idPrefix} />
    </div>
  );
}
