import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, currentArea, visibleAreas } from "./areas";

describe("currentArea", () => {
  it("is Today on /admin and only there", () => {
    expect(currentArea(ADMIN_AREAS, "/admin")?.label).toBe("Today");
    expect(currentArea(ADMIN_AREAS, "/admin/")?.label).toBe("Today");
    expect(currentArea(ADMIN_AREAS, "/admin/nowhere")).toBeNull();
  });

  it("is the area a deeper page belongs to", () => {
    expect(currentArea(ADMIN_AREAS, "/admin/news/abc/history")?.label).toBe("News");
    expect(currentArea(ADMIN_AREAS, "/admin/seasons/2025/scoring")?.label).toBe("Seasons");
    expect(currentArea(ADMIN_AREAS, "/admin/female-side")?.label).toBe("Female Side");
  });

  it("does not match a path that only starts with an area's letters", () => {
    expect(currentArea(ADMIN_AREAS, "/admin/newsroom")).toBeNull();
  });

  it("knows only the areas it is given", () => {
    expect(currentArea(visibleAreas(["shop"]), "/admin/news")).toBeNull();
    expect(currentArea(visibleAreas(["shop"]), "/admin/orders/7")?.label).toBe("Orders");
  });
});
