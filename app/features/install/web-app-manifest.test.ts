import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { brand } from "~/brand";
import { z } from "~/lib/zod";

/*
 * The install manifest (public/manifest.webmanifest, ADR 0140) against the brand and its icon
 * files (scripts/make-app-icons.ts): what Chromium's installability check and iOS read.
 */

const PUBLIC_DIR = fileURLToPath(new URL("../../../public/", import.meta.url));
const APP_DIR = fileURLToPath(new URL("../../", import.meta.url));

const iconSchema = z.strictObject({
  src: z.string().startsWith("/"),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal("image/png"),
  purpose: z.enum(["any", "maskable"]),
});
const manifestSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  short_name: z.string().max(12),
  description: z.string(),
  lang: z.string(),
  dir: z.literal("ltr"),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal("standalone"),
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/),
  categories: z.array(z.string()),
  icons: z.array(iconSchema).min(1),
});

const manifest = manifestSchema.parse(JSON.parse(readFileSync(`${PUBLIC_DIR}manifest.webmanifest`, "utf8")));
const themeToken = (name: string) =>
  new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`).exec(readFileSync(`${APP_DIR}site.css`, "utf8"))?.[1];

async function pixels(file: string) {
  const { data, info } = await sharp(`${PUBLIC_DIR}${file.replace(/^\//, "")}`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, alphaAt: (x: number, y: number) => data[(y * info.width + x) * 4 + 3] };
}

describe("the install manifest", () => {
  it("names the site as the brand does, and opens it whole in a window of its own", () => {
    expect(manifest.name).toBe(brand.name);
    expect(manifest.short_name).toBe(brand.shortName);
    expect(manifest.description).toBe(brand.tagline);
    expect(manifest).toMatchObject({ id: "/", start_url: "/", scope: "/", display: "standalone", lang: "en-GB" });
  });

  it("takes its colours from the site's ink", () => {
    const ink = themeToken("ink");
    expect(ink).toMatch(/^#/);
    expect(manifest.theme_color).toBe(ink);
    expect(manifest.background_color).toBe(ink);
  });

  it("has 192 and 512 px icons for any use and maskable ones", () => {
    const kinds = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort();
    expect(kinds).toEqual(["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]);
  });

  it.each(manifest.icons.map((icon) => [icon.src, icon] as const))("%s is a PNG of the size it is listed at", async (_, icon) => {
    const metadata = await sharp(`${PUBLIC_DIR}${icon.src.slice(1)}`).metadata();
    expect(metadata.format).toBe("png");
    expect(`${metadata.width}x${metadata.height}`).toBe(icon.sizes);
  });

  it("fills the maskable icons to their edges, with the mark inside the safe circle", async () => {
    for (const icon of manifest.icons.filter((entry) => entry.purpose === "maskable")) {
      const { data, width, height, alphaAt } = await pixels(icon.src);
      expect(alphaAt(0, 0), icon.src).toBe(255);
      expect(alphaAt(width - 1, height - 1), icon.src).toBe(255);
      // The white flag lies within the circle of 40 % of the width round the centre.
      const safe = 0.4 * width;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4;
          const white = data[at]! > 200 && data[at + 1]! > 200 && data[at + 2]! > 200;
          if (white) expect(Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2), `${icon.src} at ${x},${y}`).toBeLessThanOrEqual(safe);
        }
    }
  });

  it("has an opaque 180 px apple-touch-icon, which iOS rounds itself", async () => {
    const { width, height, alphaAt } = await pixels("/apple-touch-icon.png");
    expect([width, height]).toEqual([180, 180]);
    expect([alphaAt(0, 0), alphaAt(179, 0), alphaAt(0, 179), alphaAt(179, 179)]).toEqual([255, 255, 255, 255]);
  });
});
