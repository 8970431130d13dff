import type { AppointmentView } from '../../../shared/api/appointments';
import { displayTime } from '../../../shared/calendar';

/** Issue 38 item 3: on the job's day, once the technician has said so: "Sam is on the way, arriving around 10:15". */
export function OnTheWayNotice({ onTheWay }: { onTheWay: AppointmentView['onTheWay'] }) {
  if (!onTheWay) return null;
  return (
    <p role="status" className="rounded-lg border border-teal-700 bg-teal-50 p-4 text-lg font-semibold text-teal-900">
      {onTheWay.name} is on the way, arriving around {displayTime(onTheWay.arrivingAround)}.
    </p>
  );
}
