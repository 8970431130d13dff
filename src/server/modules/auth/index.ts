// The auth module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { countUsers, insertSession, insertUserUnlessTaken, repairerHasAccount, resetUserPassword } from './auth.repo';
export { authRoutes } from './auth.routes';
export { SIGN_IN_LIMIT_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS, toSessionUser, userForSession, type SessionUser } from './auth.service';
export { hashPasswordArgon2id, PasswordQueue, passwordQueueBusyMessage } from './password-queue';
export { hashPassword } from './password';
export { reserveSignInFailure } from './sign-in-failures';
