import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { staffRoleGrants, twoFactors, users } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { auditedWrite, type Tx } from "./audit.server";
import { FIRST_ADMIN_SETUP_PATH, formatSetupCode, normaliseSetupCode, SETUP_ATTEMPT_LIMIT } from "./first-admin";
import { currentAuthenticatorOf } from "./staff-grants.server";
import { sortStaffRoles } from "./staff-roles";

/*
 * The first admin without a shell (docs/decisions/0108-first-admin-without-a-shell.md). The set-up
 * code is FIRST_ADMIN_CODE when set, otherwise derived from the app's secret: every process of
 * one site works out the same code, with nothing to store, and prints it while no admin exists.
 */

/** Names the advisory lock that serialises claims across processes (any constant all processes share). */
const FIRST_ADMIN_LOCK_ID = 725_150_037;

/** What the code is worked out from: the request context, or the server's options at start. */
export interface SetupCodeSource {
  appSecret: string;
  /** FIRST_ADMIN_CODE, normalised; unset: the code derived from appSecret. */
  firstAdminCode?: string;
}

/** The set-up code as printed (groups of five); FIRST_ADMIN_CODE as set, normalised. */
export function firstAdminSetupCode(source: SetupCodeSource): string {
  if (source.firstAdminCode) return source.firstAdminCode;
  const digest = createHmac("sha256", source.appSecret).update("ridgeway:first-admin-setup:v1").digest();
  return formatSetupCode(digest);
}

/** Whether a typed code is the set-up code, compared in constant time. */
export function isSetupCode(source: SetupCodeSource, typed: unknown): boolean {
  const given = normaliseSetupCode(typed);
  const expected = normaliseSetupCode(firstAdminSetupCode(source));
  if (given === null || expected === null) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * True once any account holds the admin role, in effect or waiting for confirmation (ADR 0100):
 * from then on the set-up is closed and the code is void. A waiting last admin is confirmed from
 * the command line, not here: the web must not reopen a site that has an owner.
 */
export async function hasAnyAdmin(db: Database | Tx): Promise<boolean> {
  const [row] = await db.select({ userId: staffRoleGrants.userId }).from(staffRoleGrants).where(eq(staffRoleGrants.role, "admin")).limit(1);
  return row !== undefined;
}

/** Whether the person has two-factor on, with a confirmed authenticator (what a staff role is tied to, ADR 0100). */
export async function hasTwoFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)))
    .limit(1);
  return row !== undefined;
}

/** Prints the set-up code to the log at start while the site has no admin (the hosting log viewer is not a shell). */
export async function announceFirstAdminSetup(db: Database, source: SetupCodeSource & { publicUrl?: string }, log: Logger): Promise<void> {
  if (await hasAnyAdmin(db)) return;
  const page = `${source.publicUrl ?? ""}${FIRST_ADMIN_SETUP_PATH}`;
  if (source.firstAdminCode) {
    log.warn(
      `This site has no admin yet. Sign in with two-factor on, open ${page} and enter the first admin set-up code you set in FIRST_ADMIN_CODE.`,
    );
  } else {
    log.warn(
      `This site has no admin yet. Sign in with two-factor on, open ${page} and enter the first admin set-up code: ${firstAdminSetupCode(source)} ` +
        "(it stops working once there is an admin).",
    );
  }
}

export type FirstAdminClaim =
  | { kind: "granted" }
  | { kind: "closed" }
  | { kind: "bad-code" }
  | { kind: "wrong-code" }
  | { kind: "needs-two-factor" }
  | { kind: "too-many-tries"; retryAfterSeconds: number };

type Claimant = { id: string; name: string; email: string };

/**
 * Makes `claimant` the first admin if nobody holds the admin role, they have two-factor on, and
 * `typed` is the set-up code (checked in that order). Every try at a well-formed code counts
 * against the client address and the account.
 * The check and the grant run in one transaction holding an advisory lock, so of two claims at
 * once (in two processes on one database) exactly one becomes admin; the other finds the set-up
 * closed. The grant is tied to the claimant's authenticator and audited as a role change.
 */
export async function claimFirstAdmin(
  context: Pick<RequestContext, "db" | "log" | "requestId" | "contentChanged" | "clientIp" | "appSecret" | "firstAdminCode">,
  claimant: Claimant,
  typed: unknown,
): Promise<FirstAdminClaim> {
  if (await hasAnyAdmin(context.db)) return { kind: "closed" };
  if (!(await hasTwoFactor(context.db, claimant.id))) return { kind: "needs-two-factor" };
  // What cannot be a code guesses nothing, so it costs no try.
  if (normaliseSetupCode(typed) === null) return { kind: "bad-code" };
  for (const key of [`first-admin:ip:${context.clientIp}`, `first-admin:user:${claimant.id}`]) {
    const verdict = await consumeRateLimit(context.db, { key, ...SETUP_ATTEMPT_LIMIT });
    if (!verdict.allowed) return { kind: "too-many-tries", retryAfterSeconds: verdict.retryAfterSeconds };
  }
  if (!isSetupCode(context, typed)) {
    context.log.warn({ userId: claimant.id, clientIp: context.clientIp }, "first admin set-up: a wrong code was entered");
    return { kind: "wrong-code" };
  }
  const actor = { id: claimant.id, name: claimant.name, email: claimant.email, roles: [], actingAs: null };
  const result = await auditedWrite(context, actor, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_ID})`);
    // Read after the lock: a claim that committed while this one waited is seen here.
    if (await hasAnyAdmin(tx)) return { value: { kind: "closed" } as FirstAdminClaim, audit: [] };
    const authenticator = await currentAuthenticatorOf(tx, claimant.id);
    if (!authenticator) return { value: { kind: "needs-two-factor" } as FirstAdminClaim, audit: [] };
    const held = await tx.select({ role: staffRoleGrants.role }).from(staffRoleGrants).where(eq(staffRoleGrants.userId, claimant.id));
    const before = sortStaffRoles(held.map((row) => row.role));
    await tx
      .insert(staffRoleGrants)
      .values({ userId: claimant.id, role: "admin", grantedBy: null, twoFactorId: authenticator })
      .onConflictDoUpdate({
        target: [staffRoleGrants.userId, staffRoleGrants.role],
        set: { grantedBy: null, grantedAt: sql`now()`, twoFactorId: authenticator },
      });
    return {
      value: { kind: "granted" } as FirstAdminClaim,
      audit: {
        action: "staff_role.grant",
        entityType: "user",
        entityId: claimant.id,
        entityLabel: claimant.name,
        before: { staffRoles: before },
        after: { staffRoles: sortStaffRoles(["admin", ...before]) },
        reason: `First admin, with the set-up code at ${FIRST_ADMIN_SETUP_PATH}`,
      },
    };
  });
  if (!result.ok) throw new Error(`first admin set-up: unexpected conflict on ${result.entityType} ${result.entityId}`);
  if (result.value.kind === "granted")
    context.log.warn({ userId: claimant.id }, "first admin set-up: the admin role was granted; the set-up code no longer works");
  return result.value;
}
