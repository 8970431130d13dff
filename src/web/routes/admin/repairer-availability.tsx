import { useParams } from 'react-router';
import { AdminSubpage } from '../../features/admin';
import { TeamAvailabilityPage } from '../../features/availability';

/** /admin/repairers/{id}/availability (issue 35 item 1): the team keeps a technician's availability. */
export default function AdminRepairerAvailabilityRoute() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,9}$/.test(id)) return <AdminSubpage title="Repairer not found" intro="That is not a repairer’s address.">{null}</AdminSubpage>;
  return <TeamAvailabilityPage repairerId={Number(id)} />;
}
