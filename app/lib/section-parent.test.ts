import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { sectionParent } from "./section-parent";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: readonly RouteEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

/** Pages are the route modules that draw something (`.tsx`); `.ts` modules answer files and data. */
const pages = flatten(routes as RouteEntry[]).filter(({ pattern, file }) => file.endsWith(".tsx") && pattern !== "*");
const pageRoutes = pages.map(({ pattern }) => ({ path: `/${pattern}` }));

function isPage(pathname: string): boolean {
  return (matchRoutes(pageRoutes, pathname) ?? []).length > 0;
}

describe("sectionParent", () => {
  it("goes up one part of the address", () => {
    expect(sectionParent("/calendar/2026-r3")).toBe("/calendar");
    expect(sectionParent("/calendar")).toBe("/");
    expect(sectionParent("/news/season-opener")).toBe("/news");
    expect(sectionParent("/store/team-cap")).toBe("/store");
    expect(sectionParent("/dashboard/orders/RR-1001")).toBe("/dashboard/orders");
    expect(sectionParent("/admin/news/12")).toBe("/admin/news");
  });

  it("has nothing above the home page", () => {
    expect(sectionParent("/")).toBeNull();
    expect(sectionParent("")).toBeNull();
  });

  it("skips addresses that are not pages, and takes a race report up to the news", () => {
    expect(sectionParent("/race-reports/interview-team-principal")).toBe("/news");
    expect(sectionParent("/admin/seasons/2026/rounds/7")).toBe("/admin/seasons/2026");
    expect(sectionParent("/admin/news/12/preview/3")).toBe("/admin/news/12");
    expect(sectionParent("/admin/live/2026-r3/sessions/9/result")).toBe("/admin/live/2026-r3");
    expect(sectionParent("/pay/test/cs_123")).toBe("/");
    expect(sectionParent("/partner-report/abc")).toBe("/");
  });

  it("ignores a trailing slash", () => {
    expect(sectionParent("/calendar/2026-r3/")).toBe("/calendar");
  });

  it.each(pages.map(({ pattern }) => pattern).filter((pattern) => pattern !== ""))("goes up from /%s to a page", (pattern) => {
    const pathname = `/${pattern.replace(/:\w+\??/g, "x1")}`;
    const parent = sectionParent(pathname);
    expect(parent).not.toBeNull();
    expect(isPage(parent!), `${pathname} goes up to ${parent}`).toBe(true);
  });
});
