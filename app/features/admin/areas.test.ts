import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, currentArea, groupedAreas, visibleAreas } from "./areas";

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

describe("groupedAreas", () => {
  it("puts Today first with no heading, then each group in menu order", () => {
    const groups = groupedAreas(ADMIN_AREAS);
    expect(groups.map((entry) => entry.group)).toEqual([
      null,
      "Newsroom",
      "Racing",
      "Team",
      "Site",
      "Shop",
      "Inbox and mail",
      "Administration",
    ]);
    expect(groups[0]!.areas.map((area) => area.label)).toEqual(["Today"]);
    // Every area is in exactly one group, and no group is a long list on a phone.
    expect(groups.flatMap((entry) => entry.areas)).toHaveLength(ADMIN_AREAS.length);
    for (const entry of groups) expect(entry.areas.length, String(entry.group)).toBeLessThanOrEqual(5);
  });

  it("leaves out a group with nothing the person may open", () => {
    expect(groupedAreas(visibleAreas(["shop"])).map((entry) => entry.group)).toEqual([null, "Site", "Shop", "Inbox and mail"]);
  });
});
