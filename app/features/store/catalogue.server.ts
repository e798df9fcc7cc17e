import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { products, productVariants, promoCodes } from "../../../db/schema";
import { isPromoUsable, normalisePromoCode, type CatalogueProduct, type PromoRule } from "./pricing";

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/** A product with its sizes (in display order) and their stock. */
export type StoreProduct = ProductRow & { variants: VariantRow[] } & CatalogueProduct;

async function withVariants(db: Database, rows: ProductRow[]): Promise<StoreProduct[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  return rows.map((row) => ({ ...row, variants: variants.filter((variant) => variant.productId === row.id) }));
}

/** The products on sale, in catalogue order, each with its sizes. */
export async function listProducts(db: Database): Promise<StoreProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return withVariants(db, rows);
}

/** One product on sale by its URL slug, or null (unknown or no longer sold). */
export async function getProductBySlug(db: Database, slug: string): Promise<StoreProduct | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)))
    .limit(1);
  if (!row) return null;
  const [product] = await withVariants(db, [row]);
  return product ?? null;
}

/**
 * The products a cart names, including ones no longer sold (so pricing can
 * say "no longer sold" rather than "unknown"). Unknown ids are simply absent.
 */
export async function getProductsForPricing(db: Database, productIds: readonly number[]): Promise<StoreProduct[]> {
  const ids = [...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return withVariants(db, rows);
}

/** A promo code as stored, matched case-insensitively, whatever its state; null if unknown. */
export async function findPromoCode(db: Database, input: string): Promise<PromoRule | null> {
  const code = normalisePromoCode(input);
  if (code.length === 0 || code.length > 32) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

/**
 * A promo code that may be used at `now`, or null when it is unknown,
 * inactive, not started, expired or used up: all of them read 'Invalid promo code'.
 */
export async function findUsablePromoCode(db: Database, input: string, now: Date): Promise<PromoRule | null> {
  const code = normalisePromoCode(input);
  if (code.length === 0 || code.length > 32) return null;
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, now)),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
        or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, sql`${promoCodes.maxUses}`)),
      ),
    )
    .limit(1);
  // The same rule as pricing uses, so the two can never disagree.
  return row && isPromoUsable(row, now) ? row : null;
}

/** The home page's merchandise strip: products on sale, featured first, then in catalogue order. */
export async function getMerchStrip(db: Database) {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      category: products.category,
      pricePence: products.pricePence,
      originalPricePence: products.originalPricePence,
      image: products.image,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.featured), asc(products.sortOrder), asc(products.id));
  return rows;
}
