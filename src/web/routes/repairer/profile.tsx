import { RepairerProfilePage } from '../../features/repairer';

export default function RepairerProfileRoute() {
  return <RepairerProfilePage />;
}
