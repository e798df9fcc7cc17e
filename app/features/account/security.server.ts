import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { sessions, users } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { describeDevice } from "./device";
import { authHeaders } from "./session.server";

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
  /** When the session was last used, to the day: sessions are extended at most daily (ADR 16). */
  lastActiveAt: string;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});
const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

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
      signedInAt: dateTime.format(row.createdAt),
      lastActiveAt: row.id === currentSessionId ? "Now" : date.format(row.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every session of the person but this browser's. */
export async function signOutOtherSessions(request: Request, context: RequestContext): Promise<void> {
  await context.auth.api.revokeOtherSessions({ headers: authHeaders(request, context) });
  context.log.info("sessions: signed out everywhere else");
}
