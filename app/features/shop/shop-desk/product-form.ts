import { productCategories } from "../../../../db/schema/shop";
import { isPicturePathOnThisSite, pounds, requiredText, slugify, wholeNumber } from "~/features/admin/desk/desk-fields";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "./stock-level";
import { z } from "~/lib/zod";
import { firstErrorPerField } from "~/lib/form-errors";

/*
 * The shop desk's product and size forms: what staff type, checked and turned into what the
 * store keeps. Prices are typed in pounds and stored in pence; a sale price is the price the
 * shop charges, with the usual price kept beside it for the SALE badge (products.original_price_pence).
 */

export const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CATEGORY_LABELS: Record<(typeof productCategories)[number], string> = { apparel: "Apparel", accessories: "Accessories" };

const optionalPounds = (label: string) =>
  z
    .string()
    .default("")
    .pipe(z.union([z.literal("").transform(() => null), pounds(label)]));
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const productFormSchema = z
  .object({
    name: requiredText("product name", 120),
    slug: z.string().trim().toLowerCase().max(100, "Keep the address under 100 characters.").default(""),
    description: requiredText("description", 2_000),
    category: z.enum(productCategories, { message: "Choose a category." }),
    price: pounds("price").refine((pence) => pence > 0, "The price must be more than £0."),
    salePrice: optionalPounds("sale price"),
    imageAssetId: z
      .string()
      .trim()
      .max(64)
      .default("")
      .transform((value) => value || null),
    image: z.string().trim().max(500).default(""),
    imageAlt: z.string().trim().max(300, "Keep the alt text under 300 characters.").default(""),
    featured: checkbox,
    active: checkbox,
    reason: z.string().trim().max(300, "Keep the reason under 300 characters.").default(""),
  })
  .transform((form, ctx) => {
    const slug = form.slug || slugify(form.name);
    if (!PRODUCT_SLUG.test(slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Use lower-case letters, digits and single hyphens, e.g. team-hoodie." });
    }
    if (form.salePrice !== null && form.salePrice >= form.price) {
      ctx.addIssue({
        code: "custom",
        path: ["salePrice"],
        message: "The sale price must be lower than the price (leave it empty when not on sale).",
      });
    }
    if (form.salePrice !== null && form.salePrice <= 0) {
      ctx.addIssue({ code: "custom", path: ["salePrice"], message: "The sale price must be more than £0." });
    }
    if (!form.imageAssetId && !isPicturePathOnThisSite(form.image)) {
      ctx.addIssue({
        code: "custom",
        path: ["imageAssetId"],
        message: "Choose a photo from the media library, or give the site's own art by path (/media/…).",
      });
    }
    if (!form.imageAssetId && !form.imageAlt) {
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: "Describe the picture for people who cannot see it." });
    }
    return {
      slug,
      name: form.name,
      description: form.description,
      category: form.category,
      pricePence: form.salePrice ?? form.price,
      originalPricePence: form.salePrice === null ? null : form.price,
      imageAssetId: form.imageAssetId,
      image: form.image,
      imageAlt: form.imageAlt,
      featured: form.featured,
      active: form.active,
      reason: form.reason || null,
    };
  });

export type ProductInput = Omit<z.output<typeof productFormSchema>, "reason">;

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export function parseProductForm(values: Record<string, string>): ParsedForm<z.output<typeof productFormSchema>> {
  const parsed = productFormSchema.safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: firstErrorPerField(parsed.error) };
}

/** A size: its label (unique within the product; it is half of the SKU) and low-stock threshold. */
export const sizeFormSchema = z.object({
  size: requiredText("size", 40).refine(
    (size) => !size.includes("/"),
    "A size cannot contain “/” (it separates the slug from the size in a SKU).",
  ),
  lowStockThreshold: wholeNumber("low-stock threshold", 0, 100_000),
});

export function parseSizeForm(values: Record<string, string>): ParsedForm<z.output<typeof sizeFormSchema>> {
  const parsed = sizeFormSchema.safeParse({ lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD), ...values });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: firstErrorPerField(parsed.error) };
}

/** A stock adjustment: a non-zero change in units, and why. */
export const stockAdjustmentSchema = z.object({
  delta: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,6}$/, "Enter the change in units as a whole number, e.g. 10 or -2.")
    .transform(Number)
    .refine((delta) => delta !== 0, "Enter a change other than 0."),
  reason: requiredText("reason", 300),
});

export function parseStockAdjustment(values: Record<string, string>): ParsedForm<z.output<typeof stockAdjustmentSchema>> {
  const parsed = stockAdjustmentSchema.safeParse(values);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: firstErrorPerField(parsed.error) };
}

/** A size's SKU, as the stock CSV names it: the product's slug and the size, e.g. team-tshirt/M. */
export function skuOf(slug: string, size: string): string {
  return `${slug}/${size}`;
}

/** The message when a change would take a size below zero: nothing is changed. */
export function negativeStockMessage(size: string, stock: number, delta: number): string {
  return `Size ${size} has ${stock} in stock; taking away ${-delta} would leave ${stock + delta}. Stock cannot go below 0, so nothing was changed.`;
}

/**
 * Size and stock changes are audited under their own entity type: a product's History holds
 * versions of its details (each restorable), and its stock log holds these.
 */
export const STOCK_ENTITY = "product_stock";
