import { brand } from "~/brand";
import { penceToDecimal } from "~/lib/money";
import { categoryLabel, productPath, type ProductView } from "./store-view";

/*
 * The store's structured data (schema.org), apart from store-view.ts: the store's pages need it,
 * and the home page, which shares store-view's chunk for its merch strip, does not load it.
 */

/** schema.org Product with an Offer in GBP for a product page. */
export function productJsonLd(product: ProductView, publicUrl: string) {
  const url = `${publicUrl}${productPath(product)}`;
  const inStock = product.sizes.some((size) => size.stock > 0);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: `${publicUrl}${product.image}`,
    sku: `RR-${product.id}`,
    category: categoryLabel(product.category),
    brand: { "@type": "Brand", name: brand.name },
    url,
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "GBP",
      price: penceToDecimal(product.pricePence),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: brand.name, url: `${publicUrl}/` },
    },
  };
}

/** The store page: every product on sale, each with its offer and availability. */
export function storeJsonLd(products: readonly ProductView[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: `${brand.name} Team Store`,
    url: `${publicUrl}/store`,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => {
      const { "@context": _context, ...item } = productJsonLd(product, publicUrl);
      return { "@type": "ListItem", position: index + 1, item };
    }),
  };
}
