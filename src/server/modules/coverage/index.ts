// Coverage known before anyone pays (issue 35 item 3): what other modules may use.
export { refuseUncovered, requireCoverage } from './coverage-guard';
export { coverageRoutes } from './coverage.routes';
export { tellCoveredCustomersJob } from './coverage.jobs';
export { tellCoveredCustomers } from './coverage.service';
