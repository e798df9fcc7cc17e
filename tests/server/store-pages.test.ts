import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { getMerchStrip } from "../../app/features/shop/store/catalogue.server";
import { sitemapEntries } from "../../app/features/seo/sitemap.server";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();

describe("home merchandise strip", () => {
  it("reads the catalogue: featured products first, then the rest (the T-shirt) in catalogue order, only those still sold", async () => {
    await suite.db.update(schema.products).set({ featured: false }).where(eq(schema.products.id, 1));
    await suite.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, 7));
    try {
      const strip = await getMerchStrip(suite.db);
      // The black cap is the one product still featured (the seed features the red and the black).
      expect(strip.map((product) => product.id)).toEqual([3, 1, 2, 4, 5, 6, 8]);
      expect(strip[1]).toEqual({
        id: 1,
        slug: "team-cap-red",
        name: "Ridgeway Racing Team Cap - Red",
        category: "apparel",
        pricePence: 2500,
        originalPricePence: null,
        image: expect.stringMatching(/^\/media\/store\//),
      });
      expect(strip.at(-1)).toMatchObject({ id: 8, slug: "team-tshirt", pricePence: 2400, originalPricePence: 3000 });
    } finally {
      await suite.db.update(schema.products).set({ featured: true }).where(eq(schema.products.id, 1));
      await suite.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, 7));
    }
  });
});

describe("sitemap", () => {
  it("lists the store and every product page on sale", async () => {
    await suite.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, 7));
    try {
      const paths = (await sitemapEntries(suite.db)).map((entry) => entry.path);
      expect(paths).toContain("/store");
      expect(paths.filter((path) => path.startsWith("/store/"))).toEqual([
        "/store/team-cap-red",
        "/store/team-cap-red-white",
        "/store/team-cap-black",
        "/store/team-cap-white",
        "/store/team-welcome-mat",
        "/store/team-keyring",
        "/store/team-tshirt",
      ]);
      expect(paths).not.toContain("/cart");
    } finally {
      await suite.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, 7));
    }
  });
});
