import { describe, expect, it } from "vitest";
import { categoryCounts, fullStars, parseStoreQuery, selectProducts, stockState, storeQueryParams, type ListedProduct } from "./catalogue";

const product = (overrides: Partial<ListedProduct> & Pick<ListedProduct, "id">): ListedProduct => ({
  name: `Product ${overrides.id}`,
  description: "Team merchandise",
  category: "accessories",
  pricePence: 1000,
  featured: false,
  rating: 4,
  reviewCount: 10,
  sortOrder: overrides.id,
  ...overrides,
});

const products = [
  product({ id: 1, name: "Team Cap - Red", category: "apparel", pricePence: 2500, featured: true, rating: 4.8, reviewCount: 124 }),
  product({
    id: 2,
    name: "Team Cap - White",
    description: "Clean WHITE cap",
    category: "apparel",
    pricePence: 2500,
    rating: 4.8,
    reviewCount: 200,
  }),
  product({ id: 5, name: "Welcome Mat", pricePence: 3500, featured: true, rating: 4.5 }),
  product({ id: 6, name: "Keyring", pricePence: 599, rating: 4.9 }),
];

describe("parseStoreQuery", () => {
  it("reads search, sort and category, falling back to defaults", () => {
    expect(parseStoreQuery(new URLSearchParams("q=%20cap%20&sort=price-desc&category=apparel"))).toEqual({
      search: "cap",
      sort: "price-desc",
      category: "apparel",
    });
    expect(parseStoreQuery(new URLSearchParams("sort=cheapest&category=hats"))).toEqual({
      search: "",
      sort: "featured",
      category: "all",
    });
    expect(parseStoreQuery(new URLSearchParams(`q=${"a".repeat(500)}`)).search).toHaveLength(100);
  });

  it("round-trips through URL parameters, leaving defaults out", () => {
    expect(storeQueryParams({ search: "", sort: "featured", category: "all" }).toString()).toBe("");
    const query = { search: "red cap", sort: "rating", category: "apparel" } as const;
    expect(parseStoreQuery(storeQueryParams(query))).toEqual(query);
  });
});

describe("selectProducts", () => {
  const ids = (query: Parameters<typeof selectProducts>[1]) => selectProducts(products, query).map((p) => p.id);

  it("sorts featured first, by price both ways and by rating", () => {
    expect(ids({ search: "", sort: "featured", category: "all" })).toEqual([1, 5, 2, 6]);
    expect(ids({ search: "", sort: "price-asc", category: "all" })).toEqual([6, 1, 2, 5]);
    expect(ids({ search: "", sort: "price-desc", category: "all" })).toEqual([5, 1, 2, 6]);
    expect(ids({ search: "", sort: "rating", category: "all" })).toEqual([6, 2, 1, 5]);
  });

  it("filters by category and by a case-insensitive search of name or description", () => {
    expect(ids({ search: "", sort: "featured", category: "apparel" })).toEqual([1, 2]);
    expect(ids({ search: "white", sort: "featured", category: "all" })).toEqual([2]);
    expect(ids({ search: "KEY", sort: "featured", category: "all" })).toEqual([6]);
    expect(ids({ search: "merchandise", sort: "featured", category: "accessories" })).toEqual([5, 6]);
    expect(ids({ search: "nothing like this", sort: "featured", category: "all" })).toEqual([]);
  });

  it("does not reorder the array it is given", () => {
    selectProducts(products, { search: "", sort: "price-asc", category: "all" });
    expect(products.map((p) => p.id)).toEqual([1, 2, 5, 6]);
  });
});

describe("categoryCounts", () => {
  it("counts from the catalogue, so the numbers always add up", () => {
    expect(categoryCounts(products)).toEqual({ all: 4, apparel: 2, accessories: 2 });
    expect(categoryCounts(products, "cap")).toEqual({ all: 2, apparel: 2, accessories: 0 });
  });
});

describe("display helpers", () => {
  it("floors the rating to whole stars", () => {
    expect([4.9, 4.5, 4, 0.2, 7, -1].map(fullStars)).toEqual([4, 4, 4, 0, 5, 0]);
  });

  it("says sold out, low or in stock", () => {
    expect(stockState(0)).toEqual({ kind: "sold_out" });
    expect(stockState(3)).toEqual({ kind: "low", left: 3 });
    expect(stockState(5)).toEqual({ kind: "low", left: 5 });
    expect(stockState(6)).toEqual({ kind: "in_stock" });
  });
});
