/**
 * The share cards' drawing thread: Satori lays a card's tree out (its text becomes paths) and
 * sharp rasterises the SVG to PNG. Satori is plain JavaScript that takes 10–60 ms a card
 * (half a second for the first, while it parses the fonts), time the main thread keeps for
 * pages (ADR 0077). Driven by server/share-cards/renderer.ts.
 *
 * Plain JavaScript, so it starts in any runner (tsx, Vitest, plain node) without a loader.
 *
 * Requests: { id, tree, width, height }   Answers: { id, png } | { id, error }
 */
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import satori from "satori";
import sharp from "sharp";

const require = createRequire(import.meta.url);
const barlowDir = path.join(path.dirname(require.resolve("@fontsource/barlow-condensed/package.json")), "files");

// Satori reads TTF, OTF and WOFF, not WOFF2: Barlow Condensed ships WOFF; Inter (variable) only
// WOFF2, so the cards are set in the display face alone.
const fonts = [];
for (const weight of [500, 700, 800]) {
  for (const subset of ["latin", "latin-ext"]) {
    fonts.push({
      name: "Barlow Condensed",
      weight,
      style: "normal",
      data: readFileSync(path.join(barlowDir, `barlow-condensed-${subset}-${weight}-normal.woff`)),
    });
  }
}
// Other scripts (Hebrew, Arabic, Greek, Cyrillic…) fall back to DejaVu Sans where the system
// has it; without it their letters draw as boxes, and the card still draws.
for (const [file, weight] of [
  ["DejaVuSans.ttf", 500],
  ["DejaVuSans-Bold.ttf", 700],
]) {
  const fallback = path.join("/usr/share/fonts/truetype/dejavu", file);
  if (existsSync(fallback)) fonts.push({ name: "DejaVu Sans", weight, style: "normal", data: readFileSync(fallback) });
}

parentPort.on("message", async ({ id, tree, width, height }) => {
  try {
    const svg = await satori(tree, { width, height, fonts });
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 92, effort: 6 }).toBuffer();
    const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength);
    parentPort.postMessage({ id, png: bytes }, [bytes]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
