// The technicians module as the rest of the server, the scripts and the tests see it (issue 35 item 5:
// applications from /technicians, the vetting checklist, the daily insurance notices): the only file
// they import it through (eslint's house/server-module-boundary). Named exports only, each from its own file.

export { INSURANCE_NOTICES_JOB, insuranceNoticesJob, sendInsuranceNotices } from './insurance.jobs';
export { technicianRoutes } from './technicians.routes';
export { applyToJoin, readVetting, recordVettingCheck, toVettingView, type TechniciansContext } from './technicians.service';
