/**
 * Store page logic that needs no database: reading search, sort and category
 * from the URL, filtering, sorting and the computed category counts.
 */
import type { ProductCategory } from "../../../../db/schema/shop";

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
] as const;
export type SortOption = (typeof sortOptions)[number]["value"];

export const categoryFilters = [
  { value: "all", label: "All Products" },
  { value: "apparel", label: "Caps & Apparel" },
  { value: "accessories", label: "Accessories" },
] as const;
export type CategoryFilter = (typeof categoryFilters)[number]["value"];

export interface StoreQuery {
  search: string;
  sort: SortOption;
  category: CategoryFilter;
}

const MAX_SEARCH_LENGTH = 100;

/** Reads `?q=&sort=&category=`; anything unknown falls back to the default rather than failing. */
export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const sort = params.get("sort");
  const category = params.get("category");
  return {
    search: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    sort: sortOptions.some((option) => option.value === sort) ? (sort as SortOption) : "featured",
    category: categoryFilters.some((filter) => filter.value === category) ? (category as CategoryFilter) : "all",
  };
}

/** The query as URL parameters, leaving defaults out so the plain /store URL stays canonical. */
export function storeQueryParams(query: StoreQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.category !== "all") params.set("category", query.category);
  if (query.sort !== "featured") params.set("sort", query.sort);
  return params;
}

export interface ListedProduct {
  id: number;
  name: string;
  description: string;
  category: ProductCategory;
  pricePence: number;
  featured: boolean;
  rating: number;
  reviewCount: number;
  sortOrder: number;
}

/** Case-insensitive substring match on name or description. */
export function matchesSearch(product: Pick<ListedProduct, "name" | "description">, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase("en-GB");
  if (!needle) return true;
  return product.name.toLocaleLowerCase("en-GB").includes(needle) || product.description.toLocaleLowerCase("en-GB").includes(needle);
}

const bySortOrder = (a: ListedProduct, b: ListedProduct) => a.sortOrder - b.sortOrder || a.id - b.id;

const comparators: Record<SortOption, (a: ListedProduct, b: ListedProduct) => number> = {
  featured: (a, b) => Number(b.featured) - Number(a.featured) || bySortOrder(a, b),
  "price-asc": (a, b) => a.pricePence - b.pricePence || bySortOrder(a, b),
  "price-desc": (a, b) => b.pricePence - a.pricePence || bySortOrder(a, b),
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || bySortOrder(a, b),
};

/** Products matching the search and category, in the chosen order (a new array). */
export function selectProducts<T extends ListedProduct>(products: readonly T[], query: StoreQuery): T[] {
  return products
    .filter((product) => query.category === "all" || product.category === query.category)
    .filter((product) => matchesSearch(product, query.search))
    .sort(comparators[query.sort]);
}

/** How many products each filter button would show, computed from the catalogue (and search). */
export function categoryCounts(products: readonly ListedProduct[], search = ""): Record<CategoryFilter, number> {
  const matching = products.filter((product) => matchesSearch(product, search));
  return {
    all: matching.length,
    apparel: matching.filter((product) => product.category === "apparel").length,
    accessories: matching.filter((product) => product.category === "accessories").length,
  };
}

/** Whole stars to show: the rating floored, within 0–5. */
export function fullStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.floor(rating)));
}

/** Stock at or below this is shown as "Only n left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = { kind: "sold_out" } | { kind: "low"; left: number } | { kind: "in_stock" };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "sold_out" };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: "low", left: stock };
  return { kind: "in_stock" };
}
