import { describe, expect, it } from "vitest";
import {
  buildPictureSources,
  buildSizes,
  buildSrcSet,
  focalObjectPosition,
  isMediaKey,
  sniffMediaType,
  variantWidths,
  type MediaVariant,
} from "./media";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
/** An ISO-BMFF "ftyp" box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], "mdat");
};

describe("sniffMediaType", () => {
  it("recognises each accepted format from its first bytes", () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))?.mime).toBe("image/jpeg");
    expect(sniffMediaType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"))?.mime).toBe("image/png");
    expect(sniffMediaType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))?.mime).toBe("image/webp");
    expect(sniffMediaType(ftyp("avif", "mif1", "miaf"))?.mime).toBe("image/avif");
    // Some encoders put avif only among the compatible brands.
    expect(sniffMediaType(ftyp("mif1", "avif", "miaf"))?.mime).toBe("image/avif");
    expect(sniffMediaType(ftyp("isom", "isom", "iso2", "avc1", "mp41"))).toEqual({ kind: "video", mime: "video/mp4", ext: "mp4" });
    expect(sniffMediaType(ftyp("mp42", "mp42", "isom"))?.mime).toBe("video/mp4");
  });

  it("refuses other files whatever they are called", () => {
    expect(sniffMediaType(bytes("GIF89a", [1, 0, 1, 0]))).toBeNull();
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffMediaType(ftyp("heic", "mif1", "heic"))).toBeNull();
    expect(sniffMediaType(ftyp("qt  ", "qt  "))).toBeNull();
    expect(sniffMediaType(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
    expect(sniffMediaType(bytes([0xff, 0xd8]))).toBeNull();
  });

  it("only reads brands inside the ftyp box", () => {
    // "avif" appears after the box ends: not an AVIF, and "isom" says MP4.
    const data = bytes([0, 0, 0, 16], "ftyp", "isom", [0, 0, 0, 0], "avif");
    expect(sniffMediaType(data)?.mime).toBe("video/mp4");
  });
});

describe("variantWidths", () => {
  it("never upscales: widths below the original, then the original's own width", () => {
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
  it("stops at the widest standard size", () => {
    expect(variantWidths(4032)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
  });
});

const hash = "0123456789abcdef0123456789abcdef";
const variant = (format: MediaVariant["format"], width: number): MediaVariant => ({
  format,
  width,
  height: Math.round(width * 0.75),
  bytes: 1000,
  key: `${hash}-${width}.${format}`,
});

describe("picture sources", () => {
  const variants = [
    variant("webp", 1280),
    variant("avif", 640),
    variant("webp", 320),
    variant("avif", 320),
    variant("webp", 640),
    variant("avif", 1280),
  ];

  it("lists each format narrowest first with its width descriptor", () => {
    expect(buildSrcSet(variants, "avif")).toBe(
      `/media/u/${hash}-320.avif 320w, /media/u/${hash}-640.avif 640w, /media/u/${hash}-1280.avif 1280w`,
    );
    expect(buildSrcSet(variants, "webp")).toBe(
      `/media/u/${hash}-320.webp 320w, /media/u/${hash}-640.webp 640w, /media/u/${hash}-1280.webp 1280w`,
    );
  });

  it("falls back to the WebP nearest 960 px and no wider", () => {
    expect(buildPictureSources(variants).fallbackSrc).toBe(`/media/u/${hash}-640.webp`);
    expect(buildPictureSources([variant("webp", 1920), variant("webp", 1280)]).fallbackSrc).toBe(`/media/u/${hash}-1280.webp`);
  });

  it("builds sizes from breakpoints, widest first", () => {
    expect(
      buildSizes(
        [
          ["64rem", "33vw"],
          ["40rem", "50vw"],
        ],
        "100vw",
      ),
    ).toBe("(min-width: 64rem) 33vw, (min-width: 40rem) 50vw, 100vw");
    expect(buildSizes([], "100vw")).toBe("100vw");
  });

  it("turns the focal point into object-position, clamped to the frame", () => {
    expect(focalObjectPosition(0.5, 0.5)).toBe("50% 50%");
    expect(focalObjectPosition(0.123, 0.9876)).toBe("12.3% 98.8%");
    expect(focalObjectPosition(-1, 2)).toBe("0% 100%");
  });
});

describe("isMediaKey", () => {
  it("accepts only the shapes of stored files", () => {
    expect(isMediaKey(`${hash}-320.avif`)).toBe(true);
    expect(isMediaKey(`${hash}.jpg`)).toBe(true);
    expect(isMediaKey(`${hash}.mp4`)).toBe(true);
    expect(isMediaKey(`${hash}-320.svg`)).toBe(false);
    expect(isMediaKey(`../${hash}.jpg`)).toBe(false);
    expect(isMediaKey(`${hash.toUpperCase()}.jpg`)).toBe(false);
  });
});
