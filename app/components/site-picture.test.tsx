import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SitePicture } from "./site-picture";

const hash = "0123456789abcdef0123456789abcdef";
const photo = {
  kind: "upload" as const,
  alt: "Nina in the pit lane",
  width: 640,
  height: 800,
  focalX: 0.5,
  focalY: 0.2,
  variants: [{ format: "webp" as const, width: 320, height: 400, bytes: 100, key: `${hash}-320.webp` }],
};
const common = { src: "/media/drivers/nina.svg", alt: "Nina", width: 600, height: 750, sizes: "50vw", className: "object-cover" };

describe("SitePicture", () => {
  it("shows the library photo, with its alt text, in a <picture> that takes no box", () => {
    const html = renderToStaticMarkup(<SitePicture photo={photo} {...common} />);
    expect(html).toMatch(/^<picture class="contents">/);
    expect(html).toContain('alt="Nina in the pit lane"');
    expect(html).toContain("object-position:50% 20%");
  });

  it("drops the alt text of either kind when the picture is decorative", () => {
    expect(renderToStaticMarkup(<SitePicture photo={photo} {...common} decorative />)).toContain('alt=""');
    expect(renderToStaticMarkup(<SitePicture photo={null} {...common} decorative />)).toContain('alt=""');
  });

  it("shows the record's own image without a photo, cropped by its object-position", () => {
    expect(renderToStaticMarkup(<SitePicture photo={null} {...common} objectPosition="center top" />)).toContain(
      '<img src="/media/drivers/nina.svg" alt="Nina" width="600" height="750" decoding="async" class="object-cover" style="object-position:center top"/>',
    );
  });

  it("draws an empty frame, not a broken image, when there is neither", () => {
    expect(renderToStaticMarkup(<SitePicture photo={null} {...common} src="" />)).toBe(
      '<span aria-hidden="true" class="block object-cover"></span>',
    );
  });
});
