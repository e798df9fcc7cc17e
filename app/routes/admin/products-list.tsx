import { data, Form, Link } from "react-router";
import type { Route } from "./+types/products-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { LowStockList } from "~/features/shop/shop-desk/low-stock-list";
import { listDeskProducts, listLowStock } from "~/features/shop/shop-desk/products.server";
import { formatPence } from "~/lib/money";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [products, lowStock] = await Promise.all([listDeskProducts(context.db, q), listLowStock(context.db)]);
  return data({ q, products, lowStock }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Products | Back Office", description: "The store's products and stock.", path: null });

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { q, products, lowStock } = loaderData;
  return (
    <>
      <SectionHeading
        level={1}
        title="Products"
        description="What the store sells, its sizes and stock. Changes show in the store as soon as they are saved."
      />
      <div className="-mt-4 mb-6 flex flex-wrap gap-3">
        <LinkButton to="/admin/products/new">New product</LinkButton>
        <LinkButton to="/admin/products/stock" variant="secondary">
          Update stock from a CSV
        </LinkButton>
      </div>
      {lowStock.length > 0 && (
        <section aria-labelledby="low-stock-heading" className="mb-8 rounded-card border border-warning/60 bg-surface p-4">
          <h2 id="low-stock-heading" className="text-xl font-bold uppercase text-warning">
            Low stock ({lowStock.length} {lowStock.length === 1 ? "size" : "sizes"})
          </h2>
          <LowStockList sizes={lowStock} />
        </section>
      )}
      <Form method="get" role="search" className="mb-6 flex max-w-xl gap-2">
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <input id="product-search" type="search" name="q" defaultValue={q} placeholder="Name or address" className={inputClasses} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {products.length === 0 ? (
        <p className="text-muted">{q ? `No product matches “${q}”.` : "There are no products yet."}</p>
      ) : (
        <ul className="grid gap-3">
          {products.map((product) => (
            <li
              key={product.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-4"
            >
              <div className="min-w-0">
                <Link to={`/admin/products/${product.id}`} className="break-words font-semibold text-accent-text hover:underline">
                  {product.name}
                </Link>
                <p className="text-sm text-muted">/store/{product.slug}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  {formatPence(product.pricePence)}
                  {product.originalPricePence !== null && <s className="ml-1 text-muted">{formatPence(product.originalPricePence)}</s>}
                </span>
                <span>
                  {product.totalStock} in stock ({product.sizes} {product.sizes === 1 ? "size" : "sizes"})
                </span>
                {product.soldOutSizes > 0 && (
                  <Badge tone="warning">{product.soldOutSizes === product.sizes ? "Sold out" : `${product.soldOutSizes} sold out`}</Badge>
                )}
                {product.lowSizes > 0 && <Badge tone="warning">{product.lowSizes} low</Badge>}
                {!product.active && <Badge tone="neutral">Hidden</Badge>}
                {product.featured && <Badge tone="accent">Featured</Badge>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
