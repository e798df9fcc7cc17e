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
  // To two decimals, written as the formatter writes a number (no trailing zeros: 0%, 76.5%).
  const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;
  return {
    "size-adjust": percent(sizeAdjust),
    "ascent-override": percent(font.ascent / (font.unitsPerEm * sizeAdjust)),
    "descent-override": percent(Math.abs(font.descent) / (font.unitsPerEm * sizeAdjust)),
    "line-gap-override": percent(font.lineGap / (font.unitsPerEm * sizeAdjust)),
  };
}

const css = readFileSync(new URL("./site.css", import.meta.url), "utf8");

type Face = { weight: string; sources: string[]; overrides: Record<string, string> };

/** The @font-face rules of one family in site.css: weight, local() sources and metric overrides. */
function declaredFaces(family: string): Face[] {
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((match) => match[1]!)
    .filter((body) => body.includes(`font-family: "${family}"`));
  if (faces.length === 0) throw new Error(`no @font-face for ${family} in site.css`);
  return faces.map((body) => {
    const declarations = body
      .split(";")
      .map((line) => line.trim().split(/:\s*/))
      .filter(([name]) => name);
    return {
      weight: declarations.find(([name]) => name === "font-weight")?.[1] ?? "normal",
      sources: [...body.matchAll(/local\("([^"]+)"\)/g)].map((match) => match[1]!),
      overrides: Object.fromEntries(
        declarations.filter(([name]) => name?.endsWith("-adjust") || name?.endsWith("-override")).map(([name, value]) => [name!, value!]),
      ),
    };
  });
}

describe("fallback font faces", () => {
  it.each([
    ["Inter Fallback", inter],
    ["Barlow Condensed Fallback", barlowCondensed],
  ])("%s has the brand face's metrics against Arial, in its regular and its bold", (family, metrics) => {
    const faces = declaredFaces(family);
    expect(faces.map((face) => face.weight)).toEqual(["400", "700"]);
    for (const face of faces) expect(face.overrides).toEqual(overridesFor(metrics, arial));
  });

  // Without a bold face the browser thickens the regular one for bold text (every heading), and
  // Firefox's thickening is much thinner than the brand's bold.
  it.each(["Inter Fallback", "Barlow Condensed Fallback"])("%s's bold face is each regular font's own bold", (family) => {
    const [regular, bold] = declaredFaces(family);
    expect(bold!.sources.length).toBeGreaterThanOrEqual(regular!.sources.length);
    for (const source of bold!.sources) expect(source).toMatch(/[ -]Bold(MT)?$/);
    for (const name of ["Arial", "Liberation Sans", "Arimo", "Roboto"]) {
      expect(regular!.sources).toContain(name);
      expect(bold!.sources).toContain(`${name} Bold`);
    }
  });

  it("are what the theme's font stacks fall back to", () => {
    expect(css).toMatch(/--font-sans: "Inter Variable", "Inter Fallback",/);
    expect(css).toMatch(/--font-display: "Barlow Condensed", "Barlow Condensed Fallback",/);
  });
});
