import { and, asc, desc, eq, ilike, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { mediaAssets, products, productSlugRedirects, productVariants, stockAdjustments } from "../../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditActor,
  type AuditContext,
  type Tx,
  type VersionedTable,
} from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import type { JsonObject } from "~/lib/json-diff";
import { productFormSchema, STOCK_ENTITY, type ProductInput } from "./product-form";
import { sendLowStockAlerts } from "./stock.server";
import { followProduct } from "~/features/push/push-queue.server";

/*
 * The shop desk's products and sizes: every write audited (auditedWrite) and based on the
 * product's version (a stale form is refused, keeping the other person's change). A renamed
 * address keeps its old links working (product_slug_redirects, as the news desk does).
 * Stock itself changes only through stock.server.ts, with a reason.
 */

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

export const PRODUCT_TABLE: VersionedTable<typeof products> = { table: products, id: products.id, entityType: "product" };

export type ProductWriteResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; field?: string };

export class ProductRefusedError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

async function refusing<T>(work: () => Promise<ProductWriteResult<T>>): Promise<ProductWriteResult<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProductRefusedError) return { ok: false, status: error.status, message: error.message, field: error.field };
    throw error;
  }
}

export interface DeskProductSummary {
  id: number;
  slug: string;
  name: string;
  pricePence: number;
  originalPricePence: number | null;
  active: boolean;
  featured: boolean;
  totalStock: number;
  sizes: number;
  /** Sizes with nothing left, whatever their alert level. */
  soldOutSizes: number;
  /** Sizes with some left, below their alert level. */
  lowSizes: number;
}

/** The desk's list: every product (hidden ones too), with stock totals and how many sizes are low. */
export async function listDeskProducts(db: Database, query = ""): Promise<DeskProductSummary[]> {
  const needle = query.trim().slice(0, 100);
  const pattern = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      pricePence: products.pricePence,
      originalPricePence: products.originalPricePence,
      active: products.active,
      featured: products.featured,
      totalStock: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int`,
      sizes: sql<number>`count(${productVariants.id})::int`,
      soldOutSizes: sql<number>`count(*) filter (where ${productVariants.stock} <= 0)::int`,
      lowSizes: sql<number>`count(*) filter (where ${productVariants.stock} > 0 and ${productVariants.stock} < ${productVariants.lowStockThreshold})::int`,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(needle ? or(ilike(products.name, pattern), ilike(products.slug, pattern)) : undefined)
    .groupBy(products.id)
    .orderBy(asc(products.sortOrder), asc(products.id));
  return rows;
}

export interface LowStockSize {
  productId: number;
  productName: string;
  size: string;
  stock: number;
  threshold: number;
}

/** Every size that is sold out (whatever its alert level) or below its alert level, lowest stock first. */
export async function listLowStock(db: Database, limit = 50): Promise<LowStockSize[]> {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      size: productVariants.size,
      stock: productVariants.stock,
      threshold: productVariants.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${productVariants.stock} <= 0 or ${productVariants.stock} < ${productVariants.lowStockThreshold}`)
    .orderBy(asc(productVariants.stock), asc(products.sortOrder), asc(productVariants.sortOrder))
    .limit(limit);
}

export async function getDeskProduct(db: Database, id: number) {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  const adjustments = await db
    .select({
      id: stockAdjustments.id,
      size: productVariants.size,
      delta: stockAdjustments.delta,
      stockAfter: stockAdjustments.stockAfter,
      reason: stockAdjustments.reason,
      source: stockAdjustments.source,
      actorLabel: stockAdjustments.actorLabel,
      createdAt: stockAdjustments.createdAt,
    })
    .from(stockAdjustments)
    .innerJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
    .where(eq(productVariants.productId, id))
    .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
    .limit(20);
  return { product, variants, adjustments };
}

/** Where /store/<slug> now lives when <slug> was a product's earlier address; null otherwise. */
export async function productSlugRedirect(db: Database, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.oldSlug, oldSlug), eq(products.active, true)));
  return row?.slug ?? null;
}

async function checkSlug(tx: Tx, slug: string, productId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(productId === null ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, productId)));
  if (taken) throw new ProductRefusedError(400, "Another product already has this address.", "slug");
  const [formerly] = await tx
    .select({ id: productSlugRedirects.productId })
    .from(productSlugRedirects)
    .where(
      productId === null
        ? eq(productSlugRedirects.oldSlug, slug)
        : and(eq(productSlugRedirects.oldSlug, slug), ne(productSlugRedirects.productId, productId)),
    );
  if (formerly)
    throw new ProductRefusedError(
      400,
      "Another product had this address before, and its old links still lead there. Choose another.",
      "slug",
    );
}

async function checkPhoto(tx: Tx, assetId: string | null): Promise<void> {
  if (!assetId) return;
  const [asset] = await tx
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.kind, "image"), isNull(mediaAssets.deletedAt)));
  if (!asset) throw new ProductRefusedError(400, "Choose a photo that is in the media library.", "imageAssetId");
}

/** A new product (hidden or shown, as chosen), with no sizes yet. */
export async function createProduct(
  context: AuditContext,
  actor: AuditActor,
  input: ProductInput,
  reason: string | null = null,
): Promise<ProductWriteResult<ProductRow>> {
  return refusing(async () => {
    const result = await auditedWrite(context, actor, async (tx) => {
      await checkSlug(tx, input.slug, null);
      await checkPhoto(tx, input.imageAssetId);
      // Product ids are catalogue numbers that carts name: the next one, under a lock so two creations cannot take the same.
      await tx.execute(sql`lock table products in share row exclusive mode`);
      const [next] = await tx
        .select({
          id: sql<number>`coalesce(max(${products.id}), 0)::int + 1`,
          sortOrder: sql<number>`coalesce(max(${products.sortOrder}), -1)::int + 1`,
        })
        .from(products);
      await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, input.slug));
      const [row] = await tx
        .insert(products)
        .values({ ...input, id: next!.id, sortOrder: next!.sortOrder })
        .returning();
      // A product shown at once is a drop fans may have asked to hear about (ADR 0138).
      await followProduct(tx, null, row!, new Date());
      return {
        value: row!,
        audit: {
          action: "create",
          entityType: "product",
          entityId: String(row!.id),
          entityLabel: row!.name,
          before: null,
          after: row,
          reason,
        },
      };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, value: result.value };
  });
}

async function writeProduct(
  tx: Tx,
  current: ProductRow,
  expectedVersion: number,
  input: ProductInput,
  { checkImage }: { checkImage: boolean },
): Promise<ProductRow> {
  if (input.slug !== current.slug) {
    await checkSlug(tx, input.slug, current.id);
    await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, input.slug));
    await tx
      .insert(productSlugRedirects)
      .values({ oldSlug: current.slug, productId: current.id })
      .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId: current.id } });
  }
  if (checkImage && input.imageAssetId !== current.imageAssetId) await checkPhoto(tx, input.imageAssetId);
  const after = await updateVersioned(tx, PRODUCT_TABLE, current.id, expectedVersion, input);
  // Shown in the shop, or put on sale: a drop (ADR 0138).
  await followProduct(tx, current, after, new Date());
  return after;
}

/** Saves the product's details over version `expectedVersion`. */
export async function updateProduct(
  context: AuditContext,
  actor: AuditActor,
  id: number,
  expectedVersion: number,
  input: ProductInput,
  reason: string | null = null,
): Promise<ProductWriteResult<ProductRow>> {
  return refusing(async () => {
    const result = await auditedWrite(context, actor, async (tx) => {
      const current = await lockRecord(tx, PRODUCT_TABLE, id);
      if (!current) throw new ProductRefusedError(404, "There is no such product.");
      const after = await writeProduct(tx, current, expectedVersion, input, { checkImage: true });
      return {
        value: after,
        audit: { action: "update", entityType: "product", entityId: String(id), entityLabel: after.name, before: current, after, reason },
      };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, value: result.value };
  });
}

/** The History panel's Restore: the editable fields of an earlier snapshot, through the same checks as a save. */
export function productRestoreTarget(id: number): RestoreTarget<ProductRow> {
  return {
    entityType: "product",
    entityId: String(id),
    load: (tx) => lockRecord(tx, PRODUCT_TABLE, id),
    apply: async (tx, snapshot: JsonObject, expectedVersion) => {
      const current = await lockRecord(tx, PRODUCT_TABLE, id);
      if (!current) throw new ProductRefusedError(404, "There is no such product.");
      const pounds = (pence: unknown) => (typeof pence === "number" ? (pence / 100).toFixed(2) : "");
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      const hadSale = typeof snapshot.originalPricePence === "number";
      const parsed = productFormSchema.safeParse({
        name: text(snapshot.name),
        slug: text(snapshot.slug),
        description: text(snapshot.description),
        category: text(snapshot.category),
        price: pounds(hadSale ? snapshot.originalPricePence : snapshot.pricePence),
        salePrice: hadSale ? pounds(snapshot.pricePence) : "",
        imageAssetId: text(snapshot.imageAssetId),
        image: text(snapshot.image),
        imageAlt: text(snapshot.imageAlt),
        featured: snapshot.featured === true ? "on" : "",
        active: snapshot.active === true ? "on" : "",
      });
      // Snapshots only hold history entries of this product, not stock changes (those have no full record).
      if (!parsed.success)
        throw new ProductRefusedError(400, "That entry is a stock or size change, not a version of the product's details.");
      const { reason: _reason, ...input } = parsed.data;
      // A photo deleted since comes back as no photo: the art shows until another is chosen.
      if (input.imageAssetId) {
        const [asset] = await tx
          .select({ id: mediaAssets.id })
          .from(mediaAssets)
          .where(and(eq(mediaAssets.id, input.imageAssetId), isNull(mediaAssets.deletedAt)));
        if (!asset) input.imageAssetId = null;
      }
      return writeProduct(tx, current, expectedVersion, input, { checkImage: false });
    },
  };
}

/** Adds a size (stock 0: stock is then added with a reason) or changes one's label and alert level. */
export async function saveSize(
  context: AuditContext & { publicUrl?: string },
  actor: AuditActor,
  input: { productId: number; variantId: number | null; size: string; lowStockThreshold: number },
): Promise<ProductWriteResult<VariantRow>> {
  return refusing(async () => {
    const result = await auditedWrite(context, actor, async (tx) => {
      const product = await lockRecord(tx, PRODUCT_TABLE, input.productId);
      if (!product) throw new ProductRefusedError(404, "There is no such product.");
      const [clash] = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, product.id),
            sql`lower(${productVariants.size}) = lower(${input.size})`,
            input.variantId === null ? undefined : ne(productVariants.id, input.variantId),
          ),
        );
      if (clash) throw new ProductRefusedError(400, `This product already has a size “${input.size}”.`, "size");
      let before: VariantRow | null = null;
      let after: VariantRow;
      if (input.variantId === null) {
        const [{ sortOrder } = { sortOrder: 0 }] = await tx
          .select({ sortOrder: sql<number>`coalesce(max(${productVariants.sortOrder}), -1)::int + 1` })
          .from(productVariants)
          .where(eq(productVariants.productId, product.id));
        [after] = (await tx
          .insert(productVariants)
          .values({ productId: product.id, size: input.size, sortOrder, stock: 0, lowStockThreshold: input.lowStockThreshold })
          .returning()) as [VariantRow];
      } else {
        before =
          (
            await tx
              .select()
              .from(productVariants)
              .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, product.id)))
              .for("update")
          )[0] ?? null;
        if (!before) throw new ProductRefusedError(404, "There is no such size.");
        [after] = (await tx
          .update(productVariants)
          .set({ size: input.size, lowStockThreshold: input.lowStockThreshold })
          .where(eq(productVariants.id, before.id))
          .returning()) as [VariantRow];
      }
      await sendLowStockAlerts(tx, context.publicUrl);
      const snapshot = (row: VariantRow | null) => row && { size: row.size, stock: row.stock, lowStockThreshold: row.lowStockThreshold };
      return {
        value: after,
        audit: {
          action: before ? "size.update" : "size.add",
          entityType: STOCK_ENTITY,
          entityId: String(product.id),
          entityLabel: product.name,
          before: snapshot(before),
          after: snapshot(after),
        },
      };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, value: result.value };
  });
}
