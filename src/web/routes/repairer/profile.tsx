import { useSignedInUser } from '../../features/auth/use-signed-in-user';
import { RepairerProfilePage } from '../../features/repairer';

export default function RepairerProfileRoute() {
  return <RepairerProfilePage repairerId={useSignedInUser().repairerId} />;
}
