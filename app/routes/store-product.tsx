import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/store-product";
import { brand } from "~/brand";
import { JsonLd } from "~/components/json-ld";
import { ResponsivePicture } from "~/components/responsive-picture";
import { NotFound } from "~/components/not-found";
import { Badge } from "~/components/ui/badge";
import { AddToCart } from "~/features/shop/store/add-to-cart";
import { getProductBySlug } from "~/features/shop/store/catalogue.server";
import { productShareCard, shareCardImage } from "~/features/share-cards/cards.server";
import { productSlugRedirect } from "~/features/shop/shop-desk/products.server";
import { FavouriteButton, Price } from "~/features/shop/store/product-card";
import { Stars } from "~/features/shop/store/stars";
import {
  CARD_PAYMENT_NOTICE,
  PRODUCT_IMAGE_SIZE,
  categoryLabel,
  isOnSale,
  shippingNotice,
  toProductView,
} from "~/features/shop/store/store-view";
import { productJsonLd } from "~/features/shop/store/store-json-ld";
import { useFavourites } from "~/features/shop/store/use-favourites";
import { breadcrumbJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/lib/meta";
import { PAGE_VALIDATORS, validatedBy } from "~/lib/page-cache-validation";
import { appContext } from "~/context";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const valid = SLUG.test(params.slug) && params.slug.length <= 100;
  const found = valid ? await getProductBySlug(context.db, params.slug) : null;
  if (!found) {
    // A product renamed at the shop desk keeps its old links: they move permanently to the new address.
    const movedTo = valid ? await productSlugRedirect(context.db, params.slug) : null;
    if (movedTo) throw redirect(`/store/${movedTo}`, 301);
    return data({ product: null, shipping: "", publicUrl: context.publicUrl, shareCard: null }, { status: 404 });
  }
  return {
    product: toProductView(found),
    shipping: shippingNotice(context.shipping),
    publicUrl: context.publicUrl,
    shareCard: await shareCardImage(context.db, productShareCard(found)),
  };
}

// The page shows each size's stock: the page cache checks it on every hit (ADR 0054).
export const headers: Route.HeadersFunction = () => validatedBy(PAGE_VALIDATORS.stock);

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) {
    return pageMeta(args, {
      path: null,
      title: "Page Not Found",
      description: "The page you were looking for doesn't exist or has been moved.",
    });
  }
  return pageMeta(args, { title: product.name, description: product.description, image: args.loaderData.shareCard ?? undefined });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, shipping, publicUrl } = loaderData;
  const { isFavourite, toggle } = useFavourites();
  if (!product) return <NotFound />;
  const sale = isOnSale(product);
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <JsonLd data={import.meta.env.SSR ? productJsonLd(product, publicUrl) : null} />
      <JsonLd
        data={
          import.meta.env.SSR
            ? breadcrumbJsonLd(publicUrl, [
                { name: "Store", path: "/store" },
                { name: product.name, path: `/store/${product.slug}` },
              ])
            : null
        }
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/store" className="hover:text-accent-text hover:underline">
              Store
            </Link>
            <span aria-hidden="true" className="ml-2">
              /
            </span>
          </li>
          <li aria-current="page" className="text-text">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="relative">
          {product.picture ? (
            <ResponsivePicture
              image={product.picture}
              sizes="(min-width: 768px) 560px, 100vw"
              fetchPriority="high"
              decoding="async"
              className="aspect-square w-full rounded-card border border-line bg-surface-raised object-cover"
            />
          ) : (
            <img
              src={product.image}
              alt={product.imageAlt}
              width={PRODUCT_IMAGE_SIZE.width}
              height={PRODUCT_IMAGE_SIZE.height}
              fetchPriority="high"
              decoding="async"
              className="aspect-square w-full rounded-card border border-line bg-surface-raised object-cover"
            />
          )}
          <div className="absolute left-3 top-3 flex gap-2">
            {sale && <Badge tone="accent">Sale</Badge>}
            {product.featured && <Badge tone="neutral">Featured</Badge>}
          </div>
        </div>
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">{categoryLabel(product.category)}</p>
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold uppercase sm:text-4xl">{product.name}</h1>
            <FavouriteButton
              name={product.name}
              pressed={isFavourite(product.id)}
              onToggle={() => toggle(product.id)}
              className="shrink-0"
            />
          </div>
          <Stars rating={product.rating} reviewCount={product.reviewCount} />
          <Price pricePence={product.pricePence} originalPricePence={sale ? product.originalPricePence : null} large />
          <p className="text-muted">{product.description}</p>
          <AddToCart key={product.id} product={product} size="page" />
          <ul className="mt-2 flex flex-col gap-2 border-t border-line pt-4 text-sm text-muted">
            <li>
              <span aria-hidden="true" className="mr-2 text-success">
                ✓
              </span>
              {shipping}
            </li>
            <li>
              <span aria-hidden="true" className="mr-2 text-success">
                ✓
              </span>
              {CARD_PAYMENT_NOTICE}
            </li>
            <li>
              <span aria-hidden="true" className="mr-2 text-success">
                ✓
              </span>
              30-day returns: see our{" "}
              <Link to="/returns" className="underline hover:text-accent-text">
                returns policy
              </Link>
            </li>
          </ul>
          <p className="text-sm">
            <Link to="/store" className="font-semibold text-accent-text hover:underline">
              ← Back to the {brand.name} store
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
