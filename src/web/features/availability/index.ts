// A technician's availability screens (issue 35 item 1): the repairer's own and the team's. Other features use them only through here.
export { RepairerAvailabilityPage, TeamAvailabilityPage } from './availability-pages';
