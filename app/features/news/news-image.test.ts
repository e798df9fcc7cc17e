import { describe, expect, it } from "vitest";
import type { MediaVariant } from "~/features/media/media";
import { articleHero, articleShareImage, shareVariant } from "./news-image";

const hash = "0123456789abcdef0123456789abcdef";
const variant = (format: MediaVariant["format"], width: number): MediaVariant => ({
  format,
  width,
  height: Math.round((width * 9) / 16),
  bytes: width * 10,
  key: `${hash}-${width}.${format}`,
});
const standard = [320, 640, 960, 1280, 1920].flatMap((width) => [variant("avif", width), variant("webp", width)]);
const photo = { kind: "upload" as const, alt: "Car 7 at Copse", width: 1920, height: 1080, focalX: 0.3, focalY: 0.6, variants: standard };

describe("articleHero", () => {
  it("shows the library photo when there is one, else the art, else nothing", () => {
    expect(articleHero({ image: "/media/news/a.svg", objectPosition: "top" }, photo)).toEqual({ kind: "photo", picture: photo });
    expect(articleHero({ image: "/media/news/a.svg", objectPosition: "top" }, null)).toEqual({
      kind: "art",
      src: "/media/news/a.svg",
      objectPosition: "top",
    });
    expect(articleHero({ image: "", objectPosition: "center" }, null)).toEqual({ kind: "none" });
  });
});

describe("shareVariant", () => {
  it("takes the narrowest WebP at least 1200 wide, never an AVIF", () => {
    expect(shareVariant(standard)).toMatchObject({ format: "webp", width: 1280 });
  });
  it("takes the widest WebP of a smaller photo, and none when there is no WebP", () => {
    expect(shareVariant([variant("webp", 320), variant("webp", 800), variant("avif", 800)])).toMatchObject({ format: "webp", width: 800 });
    expect(shareVariant([variant("avif", 1280)])).toBeNull();
  });
});

describe("articleShareImage", () => {
  it("prefers the share image the editor set", () => {
    expect(articleShareImage("/media/share/a.png", { kind: "photo", picture: photo })).toEqual({ path: "/media/share/a.png" });
  });
  it("gives a photo's raster variant with its size and alt text", () => {
    expect(articleShareImage(null, { kind: "photo", picture: photo })).toEqual({
      path: `/media/u/${hash}-1280.webp`,
      width: 1280,
      height: 720,
      alt: "Car 7 at Copse",
    });
  });
  it("keeps the art's path for SVG art, and nothing without a picture", () => {
    expect(articleShareImage(null, { kind: "art", src: "/media/news/a.svg", objectPosition: "center" })).toEqual({
      path: "/media/news/a.svg",
    });
    expect(articleShareImage(null, { kind: "none" })).toBeNull();
  });
});
