import { describe, expect, it } from "vitest";
import { parseProductForm, parseSizeForm, parseStockAdjustment } from "./product-form";

const valid = {
  name: "Team Hoodie",
  description: "Warm.",
  category: "apparel",
  price: "45",
  image: "/media/store/hoodie.svg",
  imageAlt: "A hoodie",
  active: "on",
};

describe("the product form", () => {
  it("turns pounds into pence, makes the address from the name, and stores a sale as price + usual price", () => {
    const plain = parseProductForm(valid);
    expect(plain.ok && plain.value).toMatchObject({
      slug: "team-hoodie",
      pricePence: 4500,
      originalPricePence: null,
      active: true,
      featured: false,
    });
    const sale = parseProductForm({ ...valid, price: "£45", salePrice: "39.99", slug: "hoodie-red" });
    expect(sale.ok && sale.value).toMatchObject({ slug: "hoodie-red", pricePence: 3999, originalPricePence: 4500 });
  });

  it("says what to fix", () => {
    const result = parseProductForm({ ...valid, price: "0", salePrice: "60", slug: "No Good", image: "", imageAlt: "", category: "food" });
    expect(result.ok).toBe(false);
    const errors = !result.ok ? result.errors : {};
    expect(Object.keys(errors).sort()).toEqual(["category", "price"].sort());
    const second = parseProductForm({ ...valid, salePrice: "60", slug: "No Good", image: "", imageAlt: "" });
    expect(!second.ok && Object.keys(second.errors).sort()).toEqual(["imageAlt", "imageAssetId", "salePrice", "slug"]);
  });

  it("refuses art whose path a browser reads as another host's", () => {
    for (const image of ["/\\evil.example/a.svg", "//evil.example/a.svg", "/..//evil.example/a.svg"]) {
      const result = parseProductForm({ ...valid, image });
      expect(!result.ok && Object.keys(result.errors), image).toEqual(["imageAssetId"]);
    }
  });

  it("accepts a library photo without art", () => {
    const result = parseProductForm({ ...valid, image: "", imageAlt: "", imageAssetId: "abc123" });
    expect(result.ok && result.value.imageAssetId).toBe("abc123");
  });
});

describe("sizes and stock adjustments", () => {
  it("needs a size without a slash and a whole threshold", () => {
    expect(parseSizeForm({ size: "M", lowStockThreshold: "3" })).toEqual({ ok: true, value: { size: "M", lowStockThreshold: 3 } });
    // A size added without a level gets the default (ADR 0104), not "no alert".
    expect(parseSizeForm({ size: "L" })).toEqual({ ok: true, value: { size: "L", lowStockThreshold: 5 } });
    expect(parseSizeForm({ size: "S/M", lowStockThreshold: "-1" })).toMatchObject({
      ok: false,
      errors: { size: expect.stringMatching(/“\/”/), lowStockThreshold: expect.any(String) },
    });
  });

  it("needs a non-zero whole change and a reason", () => {
    expect(parseStockAdjustment({ delta: "+5", reason: "Delivery" })).toEqual({ ok: true, value: { delta: 5, reason: "Delivery" } });
    expect(parseStockAdjustment({ delta: "0", reason: "" })).toMatchObject({
      ok: false,
      errors: { delta: expect.any(String), reason: expect.any(String) },
    });
    expect(parseStockAdjustment({ delta: "1.5", reason: "x" })).toMatchObject({ ok: false });
  });
});
