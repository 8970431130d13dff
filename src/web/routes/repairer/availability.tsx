import { RepairerAvailabilityPage } from '../../features/availability';

/** /repairer/availability (issue 35 item 1). */
export default function RepairerAvailabilityRoute() {
  return <RepairerAvailabilityPage />;
}
