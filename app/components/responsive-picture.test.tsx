import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsivePicture } from "./responsive-picture";

const hash = "0123456789abcdef0123456789abcdef";
const variants = [320, 640].flatMap((width) =>
  (["avif", "webp"] as const).map((format) => ({ format, width, height: width / 2, bytes: 100, key: `${hash}-${width}.${format}` })),
);

describe("ResponsivePicture", () => {
  it("renders AVIF and WebP sources with sizes, and an img with its size and focal point", () => {
    const html = renderToStaticMarkup(
      <ResponsivePicture
        image={{ kind: "upload", alt: "Car 7 at Druids", width: 640, height: 320, focalX: 0.25, focalY: 0.75, variants }}
        sizes="(min-width: 64rem) 50vw, 100vw"
        loading="lazy"
        decoding="async"
        className="object-cover"
      />,
    );
    expect(html).toBe(
      "<picture>" +
        `<source type="image/avif" srcSet="/media/u/${hash}-320.avif 320w, /media/u/${hash}-640.avif 640w" sizes="(min-width: 64rem) 50vw, 100vw"/>` +
        `<source type="image/webp" srcSet="/media/u/${hash}-320.webp 320w, /media/u/${hash}-640.webp 640w" sizes="(min-width: 64rem) 50vw, 100vw"/>` +
        `<img src="/media/u/${hash}-640.webp" alt="Car 7 at Druids" width="640" height="320" loading="lazy" decoding="async" class="object-cover" style="object-position:25% 75%"/>` +
        "</picture>",
    );
  });

  it("renders SVG art as one plain img", () => {
    const html = renderToStaticMarkup(
      <ResponsivePicture image={{ kind: "file", src: "/media/hero/grid.svg", alt: "", width: 1600, height: 900 }} fetchPriority="high" />,
    );
    expect(html).not.toContain("<picture");
    // React 19 also preloads an eager image asked for with high priority.
    expect(html).toContain('<img src="/media/hero/grid.svg" alt="" width="1600" height="900" fetchPriority="high"/>');
  });
});
