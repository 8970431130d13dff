// Who is asking: the signed-in account (D11) and the customer grants the browser holds (D10).
// plugins/auth.ts reads them from cookies for every route that asks; the modules decide access
// from them (access/access.policy.ts). The lookups behind them are the auth and access modules'
// own, handed to plugins/auth by buildApp, so the plugin imports no module.
import type { SessionUserView } from '../../shared/api/auth';

export type SessionUser = SessionUserView;

export interface Viewer {
  user: SessionUser | null;
  /** Assessments this browser holds a customer grant for (D10). */
  assessmentIds: number[];
}

/** The reads plugins/auth needs, filled in by buildApp from the auth and access modules. */
export interface ViewerLookups {
  /** The account a session token signs in, or null. */
  userForSession(token: string): Promise<SessionUser | null>;
  /** The assessments a browser's grant tokens open. */
  grantedAssessments(tokens: string[]): Promise<number[]>;
}
