// The coverage feature's public face (issue 35): what other features and routes may use.
export { UncoveredNotice } from './uncovered-notice';
