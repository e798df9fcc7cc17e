import { and, eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { shopSettings } from "../../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import type { ContentMemo } from "~/lib/content-memo";
import type { ShippingRule } from "./pricing";
import { defaultShopSettings, type ShopSettings } from "./shop-settings";

/*
 * Read once per process and kept in the content memo, like the site settings: every cart,
 * quote and checkout prices shipping with them, so they cost a Map lookup, not a query. A
 * change announces a content change (ADR 0022), which clears the memo in every process.
 */

export const SHOP_SETTINGS_ID = "shop";
const MEMO_KEY = "shop-settings";

export async function readShopSettings(db: Database, fallback: ShippingRule): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, SHOP_SETTINGS_ID));
  if (!row) return defaultShopSettings(fallback);
  return {
    shipsTo: row.shipsTo.length > 0 ? row.shipsTo : defaultShopSettings(fallback).shipsTo,
    shippingMethodName: row.shippingMethodName,
    rule: { flatRatePence: row.flatRatePence, freeAbovePence: row.freeAbovePence },
  };
}

/** The shop settings; `fallback` is the environment's shipping rule, used while no row exists. */
export function getShopSettings(context: { db: Database; contentMemo: ContentMemo }, fallback: ShippingRule): Promise<ShopSettings> {
  return context.contentMemo.get(MEMO_KEY, () => readShopSettings(context.db, fallback));
}

/** Writes the settings row (tests and the seed use it; a desk would go through auditedWrite). */
export async function writeShopSettings(db: Database, settings: ShopSettings): Promise<void> {
  const values = {
    shipsTo: settings.shipsTo,
    shippingMethodName: settings.shippingMethodName,
    flatRatePence: settings.rule.flatRatePence,
    freeAbovePence: settings.rule.freeAbovePence,
  };
  await db
    .insert(shopSettings)
    .values({ id: SHOP_SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } });
}

/** The stored row's version; 0 while there is no row (the environment's defaults apply). */
export async function shopSettingsVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: shopSettings.version }).from(shopSettings).where(eq(shopSettings.id, SHOP_SETTINGS_ID));
  return row?.version ?? 0;
}

/**
 * The shop desk's save, inside auditedWrite: based on the version the form showed (a stale
 * form is a conflict, nothing saved). The write announces a content change, so every process's
 * memo, cart and checkout price delivery with the new settings at once.
 */
export async function saveShopSettings(
  tx: Tx,
  input: { expectedVersion: number; settings: ShopSettings; fallback: ShippingRule; reason: string },
): Promise<{ value: { version: number }; audit: AuditEntry[] }> {
  const [current] = await tx.select().from(shopSettings).where(eq(shopSettings.id, SHOP_SETTINGS_ID)).for("update");
  if ((current?.version ?? 0) !== input.expectedVersion) throw new VersionConflictError("shop_settings", SHOP_SETTINGS_ID);
  const before = current ? await readShopSettings(tx as unknown as Database, input.fallback) : defaultShopSettings(input.fallback);
  const values = {
    shipsTo: input.settings.shipsTo,
    shippingMethodName: input.settings.shippingMethodName,
    flatRatePence: input.settings.rule.flatRatePence,
    freeAbovePence: input.settings.rule.freeAbovePence,
    updatedAt: new Date(),
  };
  const version = input.expectedVersion + 1;
  if (current) {
    await tx
      .update(shopSettings)
      .set({ ...values, version })
      .where(and(eq(shopSettings.id, SHOP_SETTINGS_ID), eq(shopSettings.version, input.expectedVersion)));
  } else {
    await tx.insert(shopSettings).values({ id: SHOP_SETTINGS_ID, ...values, version });
  }
  return {
    value: { version },
    audit: [
      {
        action: "update",
        entityType: "shop_settings",
        entityId: SHOP_SETTINGS_ID,
        entityLabel: "Delivery settings",
        before,
        after: input.settings,
        reason: input.reason || null,
      },
    ],
  };
}
