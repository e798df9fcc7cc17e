import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { shopSettings } from "../../../db/schema";
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
