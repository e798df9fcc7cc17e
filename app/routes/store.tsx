import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/store";
import { brand } from "~/brand";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { CartSummary } from "~/features/shop/store/cart-summary";
import {
  categoryCounts,
  categoryFilters,
  parseStoreQuery,
  selectProducts,
  sortOptions,
  storeQueryParams,
  type StoreQuery,
} from "~/features/shop/store/catalogue";
import { listProducts } from "~/features/shop/store/catalogue.server";
import { ProductCard } from "~/features/shop/store/product-card";
import { CARD_PAYMENT_NOTICE, shippingNotice, toProductView } from "~/features/shop/store/store-view";
import { useFavourites } from "~/features/shop/store/use-favourites";
import { JsonLd } from "~/components/json-ld";
import { storeJsonLd } from "~/features/shop/store/store-json-ld";
import { pageMeta } from "~/lib/meta";
import { PAGE_VALIDATORS, validatedBy } from "~/lib/page-cache-validation";
import { appContext } from "~/context";
import { hydrateLater } from "~/components/hydrate-later";

// A link to /notifications in the server's HTML: its script comes after the page's first (ADR 0093).
const NotifyMe = hydrateLater(() => import("~/features/push/notify-me").then((m) => m.NotifyMe));

/** Cards in the first screenful load their pictures at once; the rest wait for scrolling. */
const EAGER_CARDS = 3;

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const query = parseStoreQuery(url.searchParams);
  // The list shows each product's one file (`image`); the photo's sizes are the product page's.
  const catalogue = (await listProducts(context.db)).map((product) => toProductView({ ...product, picture: null }));
  return {
    query,
    products: selectProducts(catalogue, query),
    counts: categoryCounts(catalogue, query.search),
    shipping: shippingNotice(context.shipping),
    // Search engines get the whole catalogue, whatever the filter shows.
    catalogueJsonLd: storeJsonLd(catalogue, context.publicUrl),
  };
}

// The page shows each size's stock: the page cache checks it on every hit (ADR 0054).
export const headers: Route.HeadersFunction = () => validatedBy(PAGE_VALIDATORS.stock);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    path: "/store",
    title: "Team Store",
    description: `Official ${brand.name} merchandise: team caps, keyrings, pens and more. Free UK shipping and secure card payments.`,
  });

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { query, products, counts, shipping, catalogueJsonLd } = loaderData;
  const { isFavourite, toggle } = useFavourites();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/store";
  const filtered = query.search !== "" || query.category !== "all";

  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <JsonLd data={import.meta.env.SSR ? catalogueJsonLd : null} />
        <div className="mb-6 flex flex-col md:mb-0 md:flex-row md:items-start md:justify-between md:gap-4">
          <SectionHeading
            level={1}
            eyebrow="Official merchandise"
            title="Team Store"
            description="Wear the colours of the paddock. Every purchase helps keep our young drivers on track."
          />
          <CartSummary />
        </div>

        <ul className="mb-8 flex flex-col gap-2 text-sm text-muted sm:flex-row sm:gap-6">
          <li data-testid="shipping-notice">
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
        </ul>

        <NotifyMe className="mb-8" request={{ kinds: ["drop"] }} about="new kit and sales in the shop" caption="New kit and sales" />

        <StoreFilters query={query} counts={counts} />

        <p role="status" className="mt-6 text-sm text-muted">
          {loading ? "Loading products..." : `Showing ${products.length} ${products.length === 1 ? "product" : "products"}`}
        </p>

        {products.length > 0 ? (
          <ul
            aria-busy={loading}
            className={cx("mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3", loading && "opacity-60 transition-opacity")}
          >
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  eager={index < EAGER_CARDS}
                  favourite={isFavourite(product.id)}
                  onToggleFavourite={() => toggle(product.id)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
            <h2 className="text-2xl font-bold uppercase">No products found</h2>
            <p className="mt-2 text-muted">
              {filtered ? "Nothing matches your search. Try other words or another category." : "The store is restocking. Check back soon."}
            </p>
            {filtered && (
              <div className="mt-6">
                <LinkButton to="/store" variant="secondary">
                  Clear filters
                </LinkButton>
              </div>
            )}
          </div>
        )}
      </section>

      {/* The page's one newsletter form: the footer's is hidden beside it (site.css). */}
      <section aria-labelledby="store-newsletter-heading" data-newsletter-form className="border-t border-line bg-surface">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 md:items-center">
          <div>
            <h2 id="store-newsletter-heading" className="text-3xl font-bold uppercase">
              Stay Updated
            </h2>
            <p className="mt-3 text-muted">New merchandise, limited editions and team news, straight to your inbox.</p>
          </div>
          <NewsletterForm source="store" />
        </div>
      </section>
    </>
  );
}

function StoreFilters({ query, counts }: { query: StoreQuery; counts: Record<StoreQuery["category"], number> }) {
  const submit = useSubmit();
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action="/store"
        role="search"
        aria-label="Products"
        preventScrollReset
        className="flex flex-col gap-3 md:flex-row md:items-end"
      >
        {query.category !== "all" && <input type="hidden" name="category" value={query.category} />}
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="store-search" className="text-sm font-medium">
            Search products
          </label>
          <div className="flex gap-2">
            <input
              key={query.search}
              id="store-search"
              type="search"
              name="q"
              defaultValue={query.search}
              maxLength={100}
              placeholder="Cap, T-shirt, keyring…"
              autoComplete="off"
              enterKeyHint="search"
              className={cx(inputClasses, "min-h-11 flex-1")}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </div>
        </div>
        <div className="flex items-center gap-3 md:w-64 md:flex-col md:items-stretch md:gap-1.5">
          <label htmlFor="store-sort" className="shrink-0 text-sm font-medium">
            Sort by
          </label>
          <select
            key={query.sort}
            id="store-sort"
            name="sort"
            defaultValue={query.sort}
            className={cx(inputClasses, "min-h-11")}
            onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
          >
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </Form>

      <nav aria-label="Filter by category">
        <ul className="flex flex-wrap gap-2">
          {categoryFilters.map((filter) => {
            const active = filter.value === query.category;
            const search = storeQueryParams({ ...query, category: filter.value }).toString();
            return (
              <li key={filter.value}>
                <Link
                  to={{ pathname: "/store", search: search ? `?${search}` : "" }}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-xs font-semibold uppercase tracking-wide transition-colors sm:px-4 sm:text-sm",
                    active
                      ? "border-accent bg-accent text-white"
                      : "border-line bg-surface text-text hover:border-accent-text hover:text-accent-text",
                  )}
                >
                  {filter.label}
                  <span className={cx("rounded-full px-2 text-xs", active ? "bg-white/20" : "bg-surface-raised")}>
                    {counts[filter.value]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
