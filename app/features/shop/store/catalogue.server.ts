import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../../db/client.server";
import { mediaAssets, products, productVariants, promoCodes } from "../../../../db/schema";
import { pictureImageOf } from "~/features/media/media.server";
import { mediaFileUrl, type PictureImage } from "~/features/media/media";
import { isPromoUsable, normalisePromoCode, type CatalogueProduct, type CatalogueVariant, type PromoRule } from "./pricing";

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/** A product with its sizes (in display order) and their stock. */
export type StoreProduct = ProductRow & { variants: VariantRow[]; picture: PictureImage | null } & CatalogueProduct;

/**
 * A product with a photo of the media library shows that photo (at the size the page needs,
 * with the library's alt text); `image` becomes its 960 px WebP for the places that take one
 * file (cards, cart, share previews). A deleted photo falls back to the product's art.
 */
async function withPhotos<Row extends Pick<ProductRow, "imageAssetId" | "image" | "imageAlt">>(
  db: Database,
  rows: Row[],
): Promise<Array<Row & { picture: PictureImage | null }>> {
  const ids = [...new Set(rows.flatMap((row) => (row.imageAssetId ? [row.imageAssetId] : [])))];
  const assets = ids.length
    ? await db
        .select()
        .from(mediaAssets)
        .where(and(inArray(mediaAssets.id, ids), isNull(mediaAssets.deletedAt)))
    : [];
  return rows.map((row) => {
    const asset = assets.find((candidate) => candidate.id === row.imageAssetId);
    const picture = asset ? pictureImageOf(asset) : null;
    if (!picture || picture.kind !== "upload") return { ...row, picture: null };
    const webp = picture.variants
      .filter((variant) => variant.format === "webp")
      .sort((a, b) => Math.abs(a.width - 960) - Math.abs(b.width - 960))[0];
    return { ...row, picture, image: webp ? mediaFileUrl(webp.key) : row.image, imageAlt: picture.alt };
  });
}

async function withVariants(db: Database, plainRows: ProductRow[]): Promise<StoreProduct[]> {
  if (plainRows.length === 0) return [];
  const rows = await withPhotos(db, plainRows);
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
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder), asc(products.id));
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

export interface PricingInputs {
  /** The products asked for, including ones no longer sold; unknown ids are simply absent. */
  catalogue: CatalogueProduct[];
  /** The promo code as stored, whatever its state; null when none was given or it is unknown. */
  promo: PromoRule | null;
}

interface PricingRow extends Record<string, unknown> {
  productId: number | null;
  slug: string;
  name: string;
  image: string;
  pricePence: number;
  active: boolean;
  variantId: number | null;
  size: string;
  stock: number;
  promoCode: string | null;
  percentOff: number | null;
  amountOffPence: number | null;
  minSpendPence: number;
  promoActive: boolean;
  startsAtMs: number | null;
  expiresAtMs: number | null;
  maxUses: number | null;
  usedCount: number;
}

/**
 * What pricing needs, read in one query (checkout and the cart's quote run it on
 * every request): the products a cart names with their sizes and stock,
 * including ones no longer sold (so pricing can say "no longer sold" rather than
 * "unknown"), and the promo code the shopper typed, matched case-insensitively,
 * whatever its state.
 */
export async function getPricingInputs(db: Database, productIds: readonly number[], promoInput?: string | null): Promise<PricingInputs> {
  const ids = [...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const code = promoInput ? normalisePromoCode(promoInput) : "";
  // A code no promo can have (too long, or with a null character the database cannot
  // compare) is simply unknown.
  const promoCode = code.length > 0 && code.length <= 32 && !code.includes("\u0000") ? code : null;
  if (ids.length === 0 && promoCode === null) return { catalogue: [], promo: null };

  // One row per size of each product found (or one row of nulls), each carrying the promo
  // code's columns. The ids are checked integers, so the array literal is safe.
  const rows = await queryRows<PricingRow>(
    db,
    sql`
      select p.id as "productId", p.slug, p.name, p.image, p.price_pence as "pricePence", p.active,
        v.id as "variantId", v.size, v.stock,
        pc.code as "promoCode", pc.percent_off as "percentOff", pc.amount_off_pence as "amountOffPence",
        pc.min_spend_pence as "minSpendPence", pc.active as "promoActive",
        (extract(epoch from pc.starts_at) * 1000)::float8 as "startsAtMs",
        (extract(epoch from pc.expires_at) * 1000)::float8 as "expiresAtMs",
        pc.max_uses as "maxUses", pc.used_count as "usedCount"
      from (select 1) as one
      left join (products p left join product_variants v on v.product_id = p.id)
        on p.id = any(${`{${ids.join(",")}}`}::int[])
      left join promo_codes pc on pc.code = ${promoCode}::text
      order by p.id, v.sort_order, v.id`,
  );

  const catalogue: (CatalogueProduct & { variants: CatalogueVariant[] })[] = [];
  for (const row of rows) {
    if (row.productId === null) continue;
    let product = catalogue.at(-1);
    if (product?.id !== row.productId) {
      product = {
        id: row.productId,
        slug: row.slug,
        name: row.name,
        image: row.image,
        pricePence: row.pricePence,
        active: row.active,
        variants: [],
      };
      catalogue.push(product);
    }
    if (row.variantId !== null) product.variants.push({ id: row.variantId, size: row.size, stock: row.stock });
  }
  const first = rows[0];
  const promo: PromoRule | null =
    first?.promoCode != null
      ? {
          code: first.promoCode,
          percentOff: first.percentOff,
          amountOffPence: first.amountOffPence,
          minSpendPence: first.minSpendPence,
          active: first.promoActive,
          startsAt: first.startsAtMs === null ? null : new Date(first.startsAtMs),
          expiresAt: first.expiresAtMs === null ? null : new Date(first.expiresAtMs),
          maxUses: first.maxUses,
          usedCount: first.usedCount,
        }
      : null;
  return { catalogue, promo };
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
      imageAlt: products.imageAlt,
      imageAssetId: products.imageAssetId,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.featured), asc(products.sortOrder), asc(products.id));
  // The strip shows the same picture as the store (a library photo's WebP when chosen).
  return (await withPhotos(db, rows)).map(({ imageAlt: _alt, imageAssetId: _asset, picture: _picture, ...row }) => row);
}

/**
 * A value that changes whenever any size's stock does: the store's cached pages are checked
 * against it on every hit (ADR 0054). One index-only read of a small table; the catalogue has tens
 * of sizes, not thousands.
 */
export async function stockFingerprint(db: Database): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string | null }>(
    db,
    sql`select md5(string_agg(${productVariants.id}::text || ':' || ${productVariants.stock}::text, ',' order by ${productVariants.id})) as fingerprint from ${productVariants}`,
  );
  return row?.fingerprint ?? "";
}
