import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { driverProfileChanges, drivers, users } from "../../../db/schema";
import { auditedWrite, lockRecord, updateVersioned, type AuditedWriteResult } from "~/features/admin/audit.server";
import type { StaffUser } from "~/features/admin/staff.server";
import type { SessionUser } from "~/features/account/session.server";
import type { DriverSelfEdit } from "./people-forms";
import { peopleTarget, type PeopleContext } from "./people-desk.server";

/*
 * Drivers edit their own bio and photo from their dashboard; the edit waits in
 * driver_profile_changes until staff approve it (then it is written to `drivers`, audited, and
 * the public site shows it) or reject it with a reason the driver reads. Which driver an edit
 * is for comes from the signed-in account's link (users.driver_id), never from the form.
 */

export const NOT_LINKED_MESSAGE =
  "Your account isn't linked to a driver profile yet, so there is nothing to edit. Ask the team office to link it.";

export interface DriverChangeView {
  id: number;
  driverId: string;
  status: "pending" | "approved" | "rejected";
  bio: string;
  image: string;
  submittedAt: string;
  decidedAt: string | null;
  reason: string | null;
}

type ChangeRow = typeof driverProfileChanges.$inferSelect;

function toView(row: ChangeRow): DriverChangeView {
  return {
    id: row.id,
    driverId: row.driverId,
    status: row.status,
    bio: row.bio,
    image: row.image,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

export type SubmitOutcome = { ok: true; change: DriverChangeView } | { ok: false; status: 403 | 404; message: string };

/**
 * Stores the signed-in driver's edit of their own record as the one pending change (a newer
 * edit replaces a pending one). Nothing public changes.
 */
export async function submitOwnDriverChange(
  db: Database,
  user: Pick<SessionUser, "id" | "role" | "driverId">,
  edit: DriverSelfEdit,
): Promise<SubmitOutcome> {
  if (user.role !== "driver" || !user.driverId) return { ok: false, status: 403, message: NOT_LINKED_MESSAGE };
  const driverId = user.driverId;
  return db.transaction(async (tx) => {
    // The link is read again here, not trusted from the session cache of an earlier moment.
    const [account] = await tx.select({ driverId: users.driverId }).from(users).where(eq(users.id, user.id));
    if (account?.driverId !== driverId) return { ok: false as const, status: 403 as const, message: NOT_LINKED_MESSAGE };
    const [driver] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.id, driverId), isNull(drivers.deletedAt)))
      .for("update");
    if (!driver)
      return { ok: false as const, status: 404 as const, message: "Your driver profile is no longer on the site; ask the team office." };
    const [pending] = await tx
      .select({ id: driverProfileChanges.id })
      .from(driverProfileChanges)
      .where(and(eq(driverProfileChanges.driverId, driverId), eq(driverProfileChanges.status, "pending")));
    const [row] = pending
      ? await tx
          .update(driverProfileChanges)
          .set({ bio: edit.bio, image: edit.image, submittedBy: user.id, submittedAt: sql`now()` })
          .where(eq(driverProfileChanges.id, pending.id))
          .returning()
      : await tx.insert(driverProfileChanges).values({ driverId, submittedBy: user.id, bio: edit.bio, image: edit.image }).returning();
    return { ok: true as const, change: toView(row!) };
  });
}

/** The driver's latest change (pending, or the last decision), for their dashboard. */
export async function latestDriverChange(db: Database, driverId: string): Promise<DriverChangeView | null> {
  const [row] = await db
    .select()
    .from(driverProfileChanges)
    .where(eq(driverProfileChanges.driverId, driverId))
    .orderBy(desc(driverProfileChanges.submittedAt), desc(driverProfileChanges.id))
    .limit(1);
  return row ? toView(row) : null;
}

export interface PendingDriverChange extends DriverChangeView {
  driverName: string;
  submittedBy: string | null;
  /** The published values the change would replace, and their version (for the conflict check). */
  current: { bio: string; image: string; version: number };
}

/** Every change waiting for a decision, oldest first. */
export async function pendingDriverChanges(db: Database): Promise<PendingDriverChange[]> {
  const rows = await db
    .select({
      change: driverProfileChanges,
      driverName: drivers.name,
      bio: drivers.bio,
      image: drivers.image,
      version: drivers.version,
      submittedBy: users.name,
    })
    .from(driverProfileChanges)
    .innerJoin(drivers, eq(drivers.id, driverProfileChanges.driverId))
    .leftJoin(users, eq(users.id, driverProfileChanges.submittedBy))
    .where(and(eq(driverProfileChanges.status, "pending"), isNull(drivers.deletedAt)))
    .orderBy(driverProfileChanges.submittedAt);
  return rows.map(({ change, driverName, bio, image, version, submittedBy }) => ({
    ...toView(change),
    driverName,
    submittedBy,
    current: { bio, image, version },
  }));
}

export type DecisionOutcome<T> = AuditedWriteResult<T> | { ok: false; kind: "not-found"; message: string };

const DECIDED_MESSAGE = "This change is no longer waiting: someone has approved or rejected it, or the driver replaced it.";

class NotPending extends Error {}

async function lockPendingChange(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], changeId: number) {
  const [change] = await tx
    .select()
    .from(driverProfileChanges)
    .where(and(eq(driverProfileChanges.id, changeId), eq(driverProfileChanges.status, "pending")))
    .for("update");
  if (!change) throw new NotPending();
  return change;
}

/**
 * Publishes a pending change: the driver's bio and photo are written over the published ones
 * with the version check (`expectedVersion` is the version the diff was shown against), audited
 * on the driver (so History can restore the earlier text) and on the change.
 */
export async function approveDriverChange(
  context: PeopleContext,
  staff: StaffUser,
  changeId: number,
  expectedVersion: number,
): Promise<DecisionOutcome<typeof drivers.$inferSelect>> {
  const target = peopleTarget("drivers");
  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      const change = await lockPendingChange(tx, changeId);
      const before = await lockRecord(tx, target, change.driverId);
      if (!before) throw new NotPending();
      const after = (await updateVersioned(tx, target, change.driverId, expectedVersion, {
        bio: change.bio,
        image: change.image,
      } as never)) as typeof drivers.$inferSelect;
      const [decided] = await tx
        .update(driverProfileChanges)
        .set({ status: "approved", decidedBy: staff.id, decidedAt: sql`now()` })
        .where(eq(driverProfileChanges.id, change.id))
        .returning();
      return {
        value: after,
        audit: [
          {
            action: "driver_change.approve",
            entityType: "driver",
            entityId: change.driverId,
            before,
            after,
            reason: `Approved the driver's own edit #${change.id}`,
          },
          { action: "approve", entityType: "driver_profile_change", entityId: String(change.id), before: change, after: decided },
        ],
      };
    });
    return result;
  } catch (error) {
    if (error instanceof NotPending) return { ok: false, kind: "not-found", message: DECIDED_MESSAGE };
    throw error;
  }
}

/** Turns a pending change down with a reason the driver sees; nothing public changes. */
export async function rejectDriverChange(
  context: PeopleContext,
  staff: StaffUser,
  changeId: number,
  reason: string,
): Promise<DecisionOutcome<DriverChangeView>> {
  try {
    return await auditedWrite(context, staff, async (tx) => {
      const change = await lockPendingChange(tx, changeId);
      const [decided] = await tx
        .update(driverProfileChanges)
        .set({ status: "rejected", decidedBy: staff.id, decidedAt: sql`now()`, reason })
        .where(eq(driverProfileChanges.id, change.id))
        .returning();
      return {
        value: toView(decided!),
        audit: {
          action: "reject",
          entityType: "driver_profile_change",
          entityId: String(change.id),
          before: change,
          after: decided,
          reason,
        },
      };
    });
  } catch (error) {
    if (error instanceof NotPending) return { ok: false, kind: "not-found", message: DECIDED_MESSAGE };
    throw error;
  }
}
