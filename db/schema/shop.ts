import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../app/features/shop/shop-desk/stock-level";
import { users } from "./accounts";
import { versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * The shop's catalogue: products, their sizes and stock, promo codes, the shop settings, old
 * slugs and stock adjustments (orders are in orders.ts). Money is
 * always integer pence (GBP); see docs/decisions/0011-store-money-discount-shipping.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const productCategories = ["apparel", "accessories"] as const;
export type ProductCategory = (typeof productCategories)[number];

export const products = pgTable(
  "products",
  {
    /** The catalogue number (1–7 from the spec, 8 the T-shirt); also what a cart line names. */
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").$type<ProductCategory>().notNull(),
    pricePence: integer("price_pence").notNull(),
    /** The price before a sale; set only while the product is on sale (SALE badge). */
    originalPricePence: integer("original_price_pence"),
    featured: boolean("featured").notNull().default(false),
    /** Average rating 0–5 (the page shows it floored to whole stars). */
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    image: text("image").notNull(),
    /** A photo of the media library shown instead of `image` (its alt text is the library's). */
    imageAssetId: text("image_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    /** Alternative text for the product image. */
    imageAlt: text("image_alt").notNull(),
    /** False once the product is no longer sold: it leaves the catalogue and carts are told. */
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull(),
    version: versionColumn(),
  },
  (table) => [
    check("products_category_check", sql`${table.category} in ('apparel', 'accessories')`),
    check("products_price_check", sql`${table.pricePence} > 0`),
    check("products_original_price_check", sql`${table.originalPricePence} is null or ${table.originalPricePence} > ${table.pricePence}`),
    check("products_rating_check", sql`${table.rating} >= 0 and ${table.rating} <= 5`),
    check("products_review_count_check", sql`${table.reviewCount} >= 0`),
  ],
);

/** One size (or variant) of a product, with the stock that can still be sold. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    sortOrder: integer("sort_order").notNull(),
    /**
     * Units that can still be sold. A checkout reserves by decrementing it
     * (`... where stock >= $q`); a failed or expired payment gives it back.
     */
    stock: integer("stock").notNull(),
    /**
     * Below this many units the size is "low" (desk alert, one e-mail per crossing); 0 for no
     * alert e-mail. A sold-out size is shown as such on the desk whatever its level (ADR 0104).
     */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
    /**
     * When the stock last fell below the threshold; null while it is not below. Kept by a
     * trigger (migration shop-catalogue-low-stock), so a sale made by the checkout function
     * counts as much as a desk adjustment.
     */
    lowStockSince: timestamptz("low_stock_since"),
    /** The low_stock_since whose e-mail has been queued: equal to it once that crossing was mailed. */
    lowStockAlertedAt: timestamptz("low_stock_alerted_at"),
  },
  (table) => [
    unique("product_variants_product_size_unique").on(table.productId, table.size),
    check("product_variants_stock_check", sql`${table.stock} >= 0`),
    check("product_variants_low_stock_threshold_check", sql`${table.lowStockThreshold} >= 0`),
  ],
);

/**
 * Promo codes, matched case-insensitively by storing them upper-cased. A code takes either a
 * whole percentage or a fixed amount off the merchandise subtotal (exactly one of the two).
 * Edited on the promotions desk (/admin/promotions); see docs/decisions/0032-promotions-and-fair-holds.md.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    /** Whole percent off the merchandise subtotal; null for a fixed-amount code. */
    percentOff: integer("percent_off"),
    /** Pence off the merchandise subtotal (never more than it); null for a percentage code. */
    amountOffPence: integer("amount_off_pence"),
    /** The merchandise subtotal (before discount) an order needs for the code to apply. */
    minSpendPence: integer("min_spend_pence").notNull().default(0),
    active: boolean("active").notNull().default(true),
    startsAt: timestamptz("starts_at"),
    expiresAt: timestamptz("expires_at"),
    /** Orders that may use the code, counting unpaid ones that hold a use; null for no limit. */
    maxUses: integer("max_uses"),
    /** Orders one customer (by e-mail) may use it on, counting their unpaid ones; null for no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    /**
     * Uses taken: reserved by place_order when an order is placed, given back when an unpaid
     * order expires, fails or is cancelled (release_orders), in the same statements as its stock.
     */
    usedCount: integer("used_count").notNull().default(0),
    /** A note for the team (what the code is for); never shown to shoppers. */
    note: text("note").notNull().default(""),
    version: versionColumn(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("promo_codes_code_check", sql`${table.code} = upper(${table.code}) and length(${table.code}) between 1 and 32`),
    check("promo_codes_percent_check", sql`${table.percentOff} between 1 and 100`),
    check("promo_codes_amount_check", sql`${table.amountOffPence} > 0`),
    check("promo_codes_one_kind_check", sql`(${table.percentOff} is null) <> (${table.amountOffPence} is null)`),
    check("promo_codes_min_spend_check", sql`${table.minSpendPence} >= 0`),
    check("promo_codes_max_uses_check", sql`${table.maxUses} is null or ${table.maxUses} > 0`),
    check("promo_codes_per_customer_check", sql`${table.perCustomerLimit} is null or ${table.perCustomerLimit} > 0`),
    check("promo_codes_used_count_check", sql`${table.usedCount} >= 0`),
    check(
      "promo_codes_window_check",
      sql`${table.startsAt} is null or ${table.expiresAt} is null or ${table.expiresAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * The shop's delivery settings: one row (id "shop"). Without it the defaults from the
 * environment apply (SHIPPING_FLAT_RATE_PENCE, SHIPPING_FREE_ABOVE_PENCE, UK only).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: text("id").primaryKey(),
    /** Countries shipped to, ISO 3166-1 alpha-2, in the order the checkout lists them. */
    shipsTo: jsonb("ships_to").$type<string[]>().notNull(),
    shippingMethodName: text("shipping_method_name").notNull(),
    flatRatePence: integer("flat_rate_pence").notNull(),
    /** Free delivery when the subtotal exceeds this; null: the flat rate always applies. */
    freeAbovePence: integer("free_above_pence"),
    version: versionColumn(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check(
      "shop_settings_rate_check",
      sql`${table.flatRatePence} >= 0 and (${table.freeAbovePence} is null or ${table.freeAbovePence} >= 0)`,
    ),
  ],
);

/** A slug a product answered to before it was renamed: /store/<old> answers with a 301. */
export const productSlugRedirects = pgTable(
  "product_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("product_slug_redirects_product_idx").on(table.productId)],
);

/**
 * Every stock change made at the shop desk (one size, by hand or by CSV): how many units,
 * why, who, when, and the stock it left. Sales and expiries move stock through the checkout
 * function and are recorded on their orders instead.
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").notNull(),
    /** "desk" (one size by hand), "csv" (a bulk file) or "order" (units back from a refund or cancel). */
    source: text("source").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    check("stock_adjustments_delta_check", sql`${table.delta} <> 0`),
    check("stock_adjustments_stock_after_check", sql`${table.stockAfter} >= 0`),
    check("stock_adjustments_reason_check", sql`length(trim(${table.reason})) > 0`),
    check("stock_adjustments_source_check", sql`${table.source} in ('desk', 'csv', 'order')`),
    index("stock_adjustments_variant_idx").on(table.variantId, table.createdAt),
  ],
);
