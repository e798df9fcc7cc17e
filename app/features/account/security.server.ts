import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { sessions, users } from "../../../db/schema";
import { isAPIError } from "better-auth/api";
import type { RequestContext } from "~/context";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { deleteAccount, isOnlyAdmin, ONLY_ADMIN_MESSAGE } from "./account-data.server";
import { describeDevice } from "./device";
import { tooManyAttemptsMessage } from "./login-form";
import { signOut } from "./login.server";
import { authHeaders, type SessionUser } from "./session.server";
import { formatUkDate, formatUkDateTime } from "~/lib/dates";

/** What the Security page shows about the signed-in person's account. */
export async function loadSecurityOverview(db: Database, userId: string) {
  const [account] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return { emailVerified: account?.emailVerified ?? false };
}

export interface ActiveSession {
  id: string;
  device: string;
  /** This browser. */
  current: boolean;
  ipAddress: string | null;
  signedInAt: string;
  /** When the session was last used, to the day: sessions are extended at most daily (ADR 18). */
  lastActiveAt: string;
}

/** The person's sessions that have not expired, this browser's first, then the most recently used. */
export async function listActiveSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      current: row.id === currentSessionId,
      ipAddress: row.ipAddress,
      signedInAt: formatUkDateTime(row.createdAt),
      lastActiveAt: row.id === currentSessionId ? "Now" : formatUkDate(row.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every session of the person but this browser's. */
export async function signOutOtherSessions(request: Request, context: RequestContext): Promise<void> {
  await context.auth.api.revokeOtherSessions({ headers: authHeaders(request, context) });
  context.log.info("sessions: signed out everywhere else");
}

/** Password checks before deleting an account, per person. */
export const DELETE_ACCOUNT_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

export type DeleteOutcome =
  { kind: "deleted"; cookies: string[] } | { kind: "refused"; status: 400 | 409 | 429; message: string; retryAfterSeconds?: number };

/**
 * Deletes the signed-in person's account once their password is confirmed, and signs this browser
 * out. The site's only admin is refused, before the sign-out; deleteAccount checks again, with a
 * lock, in its transaction, so two admins deleting at once cannot leave none.
 */
export async function deleteOwnAccount(
  request: Request,
  context: RequestContext,
  user: SessionUser,
  password: string,
): Promise<DeleteOutcome> {
  const limit = await consumeRateLimit(context.db, { key: `account-delete:${user.id}`, ...DELETE_ACCOUNT_LIMIT });
  if (!limit.allowed) {
    return {
      kind: "refused",
      status: 429,
      message: tooManyAttemptsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  if (await isOnlyAdmin(context.db, user.id)) return { kind: "refused", status: 409, message: ONLY_ADMIN_MESSAGE };
  try {
    await context.auth.api.verifyPassword({ body: { password }, headers: authHeaders(request, context) });
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    return { kind: "refused", status: 400, message: "That password isn't right, so your account was not deleted." };
  }
  const cookies = await signOut(request, context);
  const deleted = await deleteAccount(context.db, user.id, context.publicUrl);
  if (!deleted.deleted) {
    // Another admin left in the moment since the check above: this browser is signed out, the account stays.
    context.log.info("account deletion refused: the only admin");
    return { kind: "refused", status: 409, message: ONLY_ADMIN_MESSAGE };
  }
  context.log.info({ ordersDetached: deleted.ordersDetached }, "account deleted");
  return { kind: "deleted", cookies };
}
