import { describe, expect, it } from "vitest";
import { createRouteLabeller, ROUTE_LABEL_MEMO_SIZE } from "./route-label";

const label = createRouteLabeller({
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/news-article": { id: "routes/news-article", parentId: "root", path: "news/:slug" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", path: "admin" },
  "routes/admin/index": { id: "routes/admin/index", parentId: "routes/admin/layout", index: true },
  "routes/admin/orders": { id: "routes/admin/orders", parentId: "routes/admin/layout", path: "orders/:orderNumber" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
});

describe("route labels for the metrics", () => {
  it("name the matched pattern, not the path", () => {
    expect(label("/")).toBe("/");
    expect(label("/news/silverstone-win")).toBe("/news/:slug");
    expect(label("/news/another-story")).toBe("/news/:slug");
    expect(label("/admin")).toBe("/admin");
    expect(label("/admin/orders/RR-1234")).toBe("/admin/orders/:orderNumber");
  });

  it("count data requests with their page, and anything else under the catch-all", () => {
    expect(label("/news/silverstone-win.data")).toBe("/news/:slug");
    expect(label("/_root.data")).toBe("/");
    expect(label("/no/such/page")).toBe("/*");
  });

  it("count the trailing-slash data requests with their page too", () => {
    expect(label("/_.data")).toBe("/");
    expect(label("/admin/_.data")).toBe("/admin");
    expect(label("/news/silverstone-win/_.data")).toBe("/news/:slug");
  });

  it("say unmatched when no route matches at all", () => {
    expect(createRouteLabeller({ root: { id: "root", path: "" }, "routes/a": { id: "routes/a", parentId: "root", path: "a" } })("/b")).toBe(
      "unmatched",
    );
  });

  it("keep answering correctly past the bound of remembered paths", () => {
    for (let i = 0; i <= ROUTE_LABEL_MEMO_SIZE * 2; i += 1) expect(label(`/news/story-${i}`)).toBe("/news/:slug");
    expect(label("/admin/orders/RR-1")).toBe("/admin/orders/:orderNumber");
    expect(label("/news/story-0")).toBe("/news/:slug");
  });
});
