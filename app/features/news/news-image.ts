import type { MediaVariant, PictureImage } from "~/features/media/media";
import { mediaFileUrl } from "~/features/media/media";

/**
 * The news art's intrinsic size (16:9). The image box keeps this ratio in CSS
 * and crops with object-fit, so a picture of another shape never shifts the page.
 */
export const NEWS_IMAGE_SIZE = { width: 1200, height: 675 } as const;

/**
 * What an article's hero shows (ADR 25): a photo of the media library when one is chosen and
 * still in the library, else the site's art by path (the seed's SVGs), else nothing (a photo
 * deleted from the library with no art behind it: the frame stays, empty).
 */
export type ArticleHero =
  | { kind: "photo"; picture: Extract<PictureImage, { kind: "upload" }> }
  | { kind: "art"; src: string; objectPosition: string }
  | { kind: "none" };

export function articleHero(art: { image: string; objectPosition: string }, photo: PictureImage | null): ArticleHero {
  if (photo?.kind === "upload") return { kind: "photo", picture: photo };
  if (art.image) return { kind: "art", src: art.image, objectPosition: art.objectPosition };
  return { kind: "none" };
}

/** The width link previews are drawn at (Facebook and X ask for 1200 × 630 or so). */
export const SHARE_IMAGE_WIDTH = 1200;

/**
 * The WebP variant a link preview gets: the narrowest at least 1200 px wide (1280 of the standard
 * widths), or the widest there is for a smaller photo. Social networks do not draw SVG or AVIF.
 */
export function shareVariant(variants: MediaVariant[]): MediaVariant | null {
  const webp = variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
  return webp.find((variant) => variant.width >= SHARE_IMAGE_WIDTH) ?? webp.at(-1) ?? null;
}

export interface ShareImage {
  /** A path of this site; the page makes it absolute. */
  path: string;
  width?: number;
  height?: number;
  alt?: string;
}

/**
 * The article's picture for link previews: the share image the editor set, else a raster
 * variant of the hero photo, else the hero art, else none (the site's card is used).
 */
export function articleShareImage(shareImage: string | null, hero: ArticleHero): ShareImage | null {
  if (shareImage) return { path: shareImage };
  if (hero.kind === "photo") {
    const variant = shareVariant(hero.picture.variants);
    if (variant) return { path: mediaFileUrl(variant.key), width: variant.width, height: variant.height, alt: hero.picture.alt };
  }
  if (hero.kind === "art") return { path: hero.src };
  return null;
}
