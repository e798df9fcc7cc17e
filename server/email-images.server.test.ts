import { describe, expect, it } from "vitest";
import { isEmailImagePath } from "./email-images";

describe("isEmailImagePath", () => {
  it("names the logo, library files and the site's raster art: the pictures an e-mail can show", () => {
    for (const path of [
      "/email/logo.png",
      "/media/u/0123456789abcdef0123456789abcdef-640.webp",
      "/media/u/0123456789abcdef0123456789abcdef-1104.jpg",
      "/media/u/0123456789abcdef0123456789abcdef.png",
      "/media/share-card.png",
      "/media/news/grid.jpg",
    ]) {
      expect(isEmailImagePath(path), path).toBe(true);
    }
  });

  it("leaves pages, scripts, SVG art, clips and look-alike paths to the site's same-origin rule", () => {
    for (const path of [
      "/",
      "/admin/emails",
      "/assets/entry.client-abc.js",
      "/media/cars.svg",
      "/media/u/0123456789abcdef0123456789abcdef.mp4",
      "/media/u/../../admin",
      "/email/logo.png/../../admin",
      "/emails/logo.png",
      "/share/news/card.png",
    ]) {
      expect(isEmailImagePath(path), path).toBe(false);
    }
  });
});
