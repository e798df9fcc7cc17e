import { readFileSync } from "node:fs";
import arial from "@capsizecss/metrics/arial";
import barlowCondensed from "@capsizecss/metrics/barlowCondensed";
import inter from "@capsizecss/metrics/inter";
import { describe, expect, it } from "vitest";

/*
 * The fallback faces in site.css stand in for the brand faces until they load. Their overrides
 * must be the brand face's metrics measured against Arial (the font the fallbacks point at), or
 * text moves when the brand face swaps in. The same formula as Next.js's and fontaine's.
 */
type Metrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number };

function overridesFor(font: Metrics, fallback: Metrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  return {
    "size-adjust": percent(sizeAdjust),
    "ascent-override": percent(font.ascent / (font.unitsPerEm * sizeAdjust)),
    "descent-override": percent(Math.abs(font.descent) / (font.unitsPerEm * sizeAdjust)),
    "line-gap-override": percent(font.lineGap / (font.unitsPerEm * sizeAdjust)),
  };
}

const css = readFileSync(new URL("./site.css", import.meta.url), "utf8");

function declaredFace(family: string): Record<string, string> {
  const face = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1]!).find((body) => body.includes(`font-family: "${family}"`));
  if (!face) throw new Error(`no @font-face for ${family} in site.css`);
  return Object.fromEntries(
    face
      .split(";")
      .map((line) => line.trim().split(/:\s*/))
      .filter(([name]) => name?.endsWith("-adjust") || name?.endsWith("-override"))
      .map(([name, value]) => [name!, value!]),
  );
}

describe("fallback font faces", () => {
  it.each([
    ["Inter Fallback", inter],
    ["Barlow Condensed Fallback", barlowCondensed],
  ])("%s has the brand face's metrics against Arial", (family, metrics) => {
    expect(declaredFace(family)).toEqual(overridesFor(metrics, arial));
  });

  it("are what the theme's font stacks fall back to", () => {
    expect(css).toMatch(/--font-sans: "Inter Variable", "Inter Fallback",/);
    expect(css).toMatch(/--font-display: "Barlow Condensed", "Barlow Condensed Fallback",/);
  });
});
