import { describe, expect, it } from "vitest";
import { pagePathOf, pageUrlOf } from "./data-request";

describe("pagePathOf", () => {
  it.each([
    ["/news", "/news"],
    ["/news.data", "/news"],
    ["/news/silverstone-win.data", "/news/silverstone-win"],
    ["/_root.data", "/"],
    ["/_.data", "/"],
    ["/news/_.data", "/news/"],
    ["/admin/news/_.data", "/admin/news/"],
    ["/", "/"],
    ["/sitemap.xml", "/sitemap.xml"],
  ])("%s is the page %s", (path, page) => {
    expect(pagePathOf(path)).toBe(page);
  });
});

describe("pageUrlOf", () => {
  const page = (url: string) => {
    const found = pageUrlOf(new Request(url));
    return found.pathname + found.search;
  };

  it("leaves a page's own address as it is", () => {
    expect(page("http://localhost/admin/orders?status=paid&page=2")).toBe("/admin/orders?status=paid&page=2");
  });

  it("drops the data suffix and React Router's parameters, keeping the page's", () => {
    expect(page("http://localhost/admin/orders.data?status=paid&_routes=routes%2Fadmin%2Forders-list")).toBe("/admin/orders?status=paid");
    expect(page("http://localhost/_root.data?_routes=root")).toBe("/");
    expect(page("http://localhost/_.data?_routes=root")).toBe("/");
    expect(page("http://localhost/news/_.data?_routes=root%2Croutes%2Fnews")).toBe("/news/");
    expect(page("http://localhost/dashboard.data?index&edit")).toBe("/dashboard?edit=");
  });

  it("keeps an index parameter that has a value: that one is the page's", () => {
    expect(page("http://localhost/search.data?index=2")).toBe("/search?index=2");
  });
});
