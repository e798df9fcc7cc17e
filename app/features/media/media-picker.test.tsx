import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MediaPicker } from "./media-picker";

const hash = "0123456789abcdef0123456789abcdef";
const choices = [
  { id: "a1", label: "Car 7 at Druids", thumbnail: `${hash}-320.webp`, inline: `${hash}-960.webp` },
  { id: "b2", label: "Podium at Snetterton", thumbnail: null, inline: null },
];

describe("MediaPicker without JavaScript", () => {
  it("is a select of the library's images by alt text, with the current one chosen and previewed", () => {
    const html = renderToStaticMarkup(<MediaPicker name="heroImageId" label="Hero image" choices={choices} defaultValue="a1" />);
    expect(html).toContain('name="heroImageId"');
    expect(html).toMatch(
      /<option value="">No image<\/option><option value="a1" selected="">Car 7 at Druids<\/option><option value="b2">Podium at Snetterton<\/option>/,
    );
    expect(html).toContain(`src="/media/u/${hash}-320.webp"`);
    // The filter box needs script, so the server's HTML leaves it out.
    expect(html).not.toContain('type="search"');
  });

  it("offers no empty choice when an image is required, until one is chosen", () => {
    const html = renderToStaticMarkup(<MediaPicker name="image" label="Image" choices={choices} required error="Choose an image." />);
    expect(html).toContain('<option value="" selected="">Choose an image</option>');
    expect(html).not.toContain("No image");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('role="alert">Choose an image.</p>');
  });
});
