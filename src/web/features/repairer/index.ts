// The repairer's dashboard (SPEC: Repairer dashboard; issue 12). Other features use it only through here.
export { RepairerDashboard } from './repairer-dashboard';
export { UpcomingJobCard } from './upcoming-job-card';
export { RepairerProfilePage } from './profile-page';
