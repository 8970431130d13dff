import { ScreenNotReady } from '../../components/screen-not-ready';

export default function RepairerDashboardPage() {
  return (
    <ScreenNotReady title="Repairer dashboard">
      <p>This page will list repair jobs near you, with the vehicle, damage, photos and your earnings, so you can accept or decline them.</p>
    </ScreenNotReady>
  );
}
