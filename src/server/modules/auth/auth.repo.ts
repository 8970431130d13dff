import { eq, lt } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { forgetSignInFailures } from './sign-in-failures';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const [row] = await db.insert(users).values({ ...user, email: user.email.trim().toLowerCase() }).returning();
  return row!;
}

/** A new account, unless its address is already one's (then undefined). */
export async function insertUserUnlessTaken(db: Db, user: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUserPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/**
 * A new password set for the account (npm run admin:create -- --reset-password): in one
 * transaction, every session it has is ended (a stolen session cookie must not outlive the reset)
 * and its failed sign-ins are forgotten (the reset is how an operator lets a locked-out account
 * back in). Answers how many sessions were ended.
 */
export async function resetUserPassword(db: Db, user: Pick<User, 'id' | 'email'>, passwordHash: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await forgetSignInFailures(tx, user.email);
    return (await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ idHash: sessions.idHash })).length;
  });
}

/** Whether this repairer business has made its account (a user of role repairer linked to it). */
export async function repairerHasAccount(db: Db, repairerId: number): Promise<boolean> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.repairerId, repairerId)).limit(1);
  return account !== undefined;
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.$count(users));
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export type SessionUserRow = Pick<User, 'id' | 'email' | 'name' | 'role' | 'repairerId'>;

// Every staff request asks, so this is a prepared statement (issue 9), with only what a session user shows.
const SESSION_USER_SQL = `SELECT u.id, u.email, u.name, u.role, u.repairer_id AS "repairerId"
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = $1 AND s.expires_at > $2`;

export async function findSessionUser(database: Database, idHash: string, now: Date): Promise<SessionUserRow | undefined> {
  const [row] = await database.statement<SessionUserRow>('session_user', SESSION_USER_SQL).run([idHash, now]);
  return row;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function recordSignIn(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}
