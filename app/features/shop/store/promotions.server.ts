/**
 * The promotions desk's reads and writes. Every write goes through auditedWrite (who, what,
 * when, before/after); edits carry the version they were based on. A code's uses
 * (`used_count`) are the store's to count (place_order / release_orders): the desk never
 * writes them, and a restore leaves them as they are.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { promoCodes } from "../../../../db/schema";
import { auditedWrite, lockRecord, updateVersioned, type AuditContext, type VersionedTable } from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import type { StaffUser } from "~/features/admin/staff.server";
import type { JsonObject } from "~/lib/json-diff";
import type { PromotionValues } from "./promotion-form";

export const PROMO_CODES: VersionedTable<typeof promoCodes> = { table: promoCodes, id: promoCodes.code, entityType: "promo_code" };
export type PromoCodeRow = typeof promoCodes.$inferSelect;

export async function listPromotions(db: Database): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.active), asc(promoCodes.code));
}

export async function getPromotion(db: Database, code: string): Promise<PromoCodeRow | null> {
  if (!/^[A-Z0-9]{1,32}$/.test(code)) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row ?? null;
}

const editable = (values: PromotionValues) => ({
  percentOff: values.percentOff,
  amountOffPence: values.amountOffPence,
  minSpendPence: values.minSpendPence,
  startsAt: values.startsAt,
  expiresAt: values.expiresAt,
  maxUses: values.maxUses,
  perCustomerLimit: values.perCustomerLimit,
  active: values.active,
  note: values.note,
});

export type CreateOutcome = { ok: true; row: PromoCodeRow } | { ok: false; message: string };

export async function createPromotion(
  context: AuditContext,
  staff: StaffUser,
  values: PromotionValues,
  reason: string | null,
): Promise<CreateOutcome> {
  class Taken extends Error {}
  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({ code: values.code, ...editable(values) })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new Taken();
      return {
        value: row,
        audit: {
          action: "create",
          entityType: PROMO_CODES.entityType,
          entityId: row.code,
          entityLabel: row.code,
          before: null,
          after: row,
          reason,
        },
      };
    });
    if (!result.ok) return { ok: false, message: result.message };
    return { ok: true, row: result.value };
  } catch (error) {
    if (error instanceof Taken)
      return { ok: false, message: `There is already a code ${values.code}: edit that one, or choose another code.` };
    throw error;
  }
}

export async function updatePromotion(
  context: AuditContext,
  staff: StaffUser,
  code: string,
  expectedVersion: number,
  values: PromotionValues,
  reason: string | null,
) {
  return auditedWrite(context, staff, async (tx) => {
    const before = await lockRecord(tx, PROMO_CODES, code);
    const after = await updateVersioned(tx, PROMO_CODES, code, expectedVersion, { ...editable(values), updatedAt: new Date() });
    return {
      value: after,
      audit: { action: "update", entityType: PROMO_CODES.entityType, entityId: code, entityLabel: code, before, after, reason },
    };
  });
}

const dateOrNull = (value: unknown) => (typeof value === "string" ? new Date(value) : null);
const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);

export function promotionRestoreTarget(code: string): RestoreTarget<PromoCodeRow> {
  return {
    entityType: PROMO_CODES.entityType,
    entityId: code,
    entityLabel: code,
    load: (tx) => lockRecord(tx, PROMO_CODES, code),
    apply: (tx, snapshot: JsonObject, expectedVersion) =>
      updateVersioned(tx, PROMO_CODES, code, expectedVersion, {
        percentOff: numberOrNull(snapshot.percentOff),
        amountOffPence: numberOrNull(snapshot.amountOffPence),
        minSpendPence: numberOrNull(snapshot.minSpendPence) ?? 0,
        startsAt: dateOrNull(snapshot.startsAt),
        expiresAt: dateOrNull(snapshot.expiresAt),
        maxUses: numberOrNull(snapshot.maxUses),
        perCustomerLimit: numberOrNull(snapshot.perCustomerLimit),
        active: snapshot.active === true,
        note: typeof snapshot.note === "string" ? snapshot.note : "",
        updatedAt: new Date(),
      }),
  };
}
