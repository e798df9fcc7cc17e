import { describe, expect, it } from "vitest";
import labFiguresFile from "./lab-figures.json";
import { labFiguresSchema } from "./lab-figures";

describe("lab figures", () => {
  it("the committed file is what the bench writes: valid, for the key pages, from a real run", () => {
    const figures = labFiguresSchema.parse(labFiguresFile);
    expect(figures.pages.map((page) => page.path)).toEqual(expect.arrayContaining(["/", "/news", "/calendar", "/team", "/store"]));
    expect(Date.parse(figures.measuredAt)).toBeLessThanOrEqual(Date.now());
    for (const page of figures.pages) {
      expect(page.lcpMs, page.path).toBeGreaterThan(0);
      expect(page.limitLcpMs, page.path).toBeGreaterThan(0);
    }
  });

  it("refuses what the bench would never write", () => {
    const page = { path: "/", performance: 100, lcpMs: 1066, limitLcpMs: 1072, tbtMs: 27, cls: 0 };
    const figures = { measuredAt: "2026-11-28T15:49:42.658Z", lighthouseVersion: "12.8.2", runs: 3, loadAverage: 0.5, pages: [page] };
    expect(labFiguresSchema.safeParse(figures).success).toBe(true);
    expect(labFiguresSchema.safeParse({ ...figures, pages: [{ ...page, path: "news" }] }).success).toBe(false);
    expect(labFiguresSchema.safeParse({ ...figures, pages: [{ ...page, performance: 101 }] }).success).toBe(false);
    expect(labFiguresSchema.safeParse({ ...figures, pages: [{ ...page, lcpMs: -1 }] }).success).toBe(false);
    expect(labFiguresSchema.safeParse({ ...figures, measuredAt: "yesterday" }).success).toBe(false);
    // The machine's benchmark index: written by the bench since issue 36, absent from older files.
    expect(labFiguresSchema.safeParse({ ...figures, benchmarkIndex: 2_890 }).success).toBe(true);
    expect(labFiguresSchema.safeParse({ ...figures, benchmarkIndex: 0 }).success).toBe(false);
  });
});
