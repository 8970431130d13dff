import { ScreenNotReady } from '../../components/screen-not-ready';

export default function AdminDashboardPage() {
  return (
    <ScreenNotReady title="Admin dashboard">
      <p>This page will let the team review and approve quotes, send jobs to nearby repairers and manage the repairer network.</p>
    </ScreenNotReady>
  );
}
