/**
 * The installed site's icons (ADR 0140), drawn from the brand mark (public/favicon.svg) with sharp
 * and committed as files:
 *
 *   npx tsx scripts/make-app-icons.ts
 *
 * - `public/icons/icon-192.png`, `icon-512.png`: the mark as the favicon draws it, a red rounded
 *   square on transparent corners (the manifest's `any` icons: a desktop's app list, Chromium's
 *   install dialog);
 * - `public/icons/maskable-192.png`, `maskable-512.png`: red to the edges with the flag in the
 *   middle 80 %, so Android's circle, squircle or rounded square never cuts into it;
 * - `public/apple-touch-icon.png` (180 px): the maskable drawing. iOS rounds the corners itself
 *   and would fill transparent corners with black. At the site's root, where iOS also looks for it
 *   without a link.
 *
 * Run again after the mark changes; `app/features/install/web-app-manifest.test.ts` checks the
 * files against the manifest.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));
const mark = readFileSync(path.join(PUBLIC_DIR, "favicon.svg"), "utf8");

/** The mark's 32-unit square: its background colour and the flag drawn on it. */
const background = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{6})"[^>]*\/>/.exec(mark);
if (!background) throw new Error('public/favicon.svg: expected a <rect fill="#rrggbb"/> as the mark\'s background');
const flag = mark.slice(background.index + background[0].length, mark.lastIndexOf("</svg>"));

/** The flag's box in the mark's units (its staff and squares), to centre it. */
const FLAG_BOX = { x: 7, y: 6, width: 16, height: 21 };
/** How much of the maskable icon's width the flag's diagonal may take: inside the 80 % safe circle. */
const MASKABLE_SCALE = 0.8;

function maskable(): string {
  const centreX = FLAG_BOX.x + FLAG_BOX.width / 2;
  const centreY = FLAG_BOX.y + FLAG_BOX.height / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background![1]}"/>` +
    `<g transform="translate(16 16) scale(${MASKABLE_SCALE}) translate(${-centreX} ${-centreY})">${flag}</g></svg>`
  );
}

async function write(svg: string, size: number, file: string): Promise<void> {
  const target = path.join(PUBLIC_DIR, file);
  mkdirSync(path.dirname(target), { recursive: true });
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.log(`${file}: ${size}×${size}`);
}

await write(mark, 192, "icons/icon-192.png");
await write(mark, 512, "icons/icon-512.png");
await write(maskable(), 192, "icons/maskable-192.png");
await write(maskable(), 512, "icons/maskable-512.png");
await write(maskable(), 180, "apple-touch-icon.png");
