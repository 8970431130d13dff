// The repairer-accounts module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { issueInvitation, issueInvitations } from './invitations';
export { placedProfileColumns } from './profile-columns';
export { invitationEmail } from './repairer-accounts-emails';
export { repairerAccountRoutes } from './repairer-accounts.routes';
export { removeRepairerPhotoForTeam } from './technician-photo';
export { findRepairerPhoto } from './technician-photo.repo';
