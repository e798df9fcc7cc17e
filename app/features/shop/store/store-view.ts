/**
 * What the store pages show about a product, and the words around it: no
 * database and no Zod, so the store's browser code can use it.
 */
import { formatPence } from "~/lib/money";
import type { ProductCategory } from "../../../../db/schema/shop";
import type { PictureImage } from "~/features/media/media";
import { categoryFilters, type ListedProduct } from "./catalogue";
import type { ShippingRule } from "./pricing";

export interface ProductSizeView {
  size: string;
  stock: number;
}

/** A product as the store pages receive it (no internal ids or timestamps). */
export interface ProductView extends ListedProduct {
  slug: string;
  originalPricePence: number | null;
  image: string;
  imageAlt: string;
  /** In display order; the first is the default choice. */
  sizes: ProductSizeView[];
  /** A photo of the media library, when the shop desk chose one (else `image` is the product's art). */
  picture?: PictureImage | null;
}

/** Square product artwork, drawn at this size. */
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 800 } as const;

interface ProductSource {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: ProductCategory;
  pricePence: number;
  originalPricePence: number | null;
  featured: boolean;
  rating: number;
  reviewCount: number;
  image: string;
  imageAlt: string;
  sortOrder: number;
  variants: readonly { size: string; stock: number }[];
  picture?: PictureImage | null;
}

export function toProductView(product: ProductSource): ProductView {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    category: product.category,
    pricePence: product.pricePence,
    originalPricePence: product.originalPricePence,
    featured: product.featured,
    rating: product.rating,
    reviewCount: product.reviewCount,
    image: product.image,
    imageAlt: product.imageAlt,
    sortOrder: product.sortOrder,
    sizes: product.variants.map((variant) => ({ size: variant.size, stock: Math.max(0, variant.stock) })),
    ...(product.picture ? { picture: product.picture } : {}),
  };
}

export function productPath(product: Pick<ProductView, "slug">): string {
  return `/store/${encodeURIComponent(product.slug)}`;
}

/** On sale: an original price above today's price (the SALE badge). */
export function isOnSale(product: Pick<ProductView, "pricePence" | "originalPricePence">): boolean {
  return product.originalPricePence !== null && product.originalPricePence > product.pricePence;
}

export function categoryLabel(category: ProductCategory): string {
  return categoryFilters.find((filter) => filter.value === category)?.label ?? category;
}

/** The shipping notice for the store and cart pages, from the one shipping rule. */
export function shippingNotice(rule: ShippingRule): string {
  if (rule.flatRatePence === 0) return "Free UK shipping on all orders";
  if (rule.freeAbovePence !== null) {
    return `Free UK shipping on orders over ${formatPence(rule.freeAbovePence)}; ${formatPence(rule.flatRatePence)} otherwise`;
  }
  return `UK shipping ${formatPence(rule.flatRatePence)} per order`;
}

export const CARD_PAYMENT_NOTICE = "Secure card payments through our payment provider";

/** "4.8 out of 5 stars from 124 reviews", for screen readers beside the drawn stars. */
export function ratingLabel(rating: number, reviewCount: number): string {
  const stars = Math.min(5, Math.max(0, Math.round(rating * 10) / 10));
  return `Rated ${stars} out of 5 from ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`;
}
