import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.server";
import * as schema from "../../db/schema";
import { seedDatabase } from "../../db/seed/seed.server";
import { findUsablePromoCode, getPricingInputs, getProductBySlug, listProducts } from "../../app/features/shop/store/catalogue.server";
import { priceOrder } from "../../app/features/shop/store/pricing";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();
const now = new Date("2026-06-01T12:00:00Z");

const catalogueFor = async (db: Database, productIds: number[]) => (await getPricingInputs(db, productIds)).catalogue;
const promoRow = async (code: string) => (await getPricingInputs(suite.db, [], code)).promo;

describe("seeded catalogue", () => {
  it("has the spec's seven products and the sizes of the T-shirt on sale", async () => {
    const products = await listProducts(suite.db);
    expect(
      products.map((product) => [product.id, product.name, product.category, product.pricePence, product.variants.map((v) => v.size)]),
    ).toEqual([
      [1, "Ridgeway Racing Team Cap - Red", "apparel", 2500, ["One Size"]],
      [2, "Ridgeway Racing Team Cap - Red & White", "apparel", 2500, ["One Size"]],
      [3, "Ridgeway Racing Team Cap - Black", "apparel", 2500, ["One Size"]],
      [4, "Ridgeway Racing Team Cap - White", "apparel", 2500, ["One Size"]],
      [5, "Ridgeway Racing Welcome Mat", "accessories", 3500, ["60cm x 40cm"]],
      [6, "Ridgeway Racing Keyring", "accessories", 599, ["One Size"]],
      [7, "Ridgeway Racing Pens (Set of 2)", "accessories", 899, ["Set of 2"]],
      [8, "Ridgeway Racing Team T-Shirt", "apparel", 2400, ["S", "M", "L", "XL", "XXL"]],
    ]);
    expect(products.slice(0, 7).every((product) => product.originalPricePence === null)).toBe(true);
    // Featured is the team's choice (two caps), not every product; no invented reviews (issue 16).
    expect(products.filter((product) => product.featured).map((product) => product.id)).toEqual([1, 3]);
    expect(products.every((product) => product.rating === 0 && product.reviewCount === 0)).toBe(true);
    expect(products[3]!.description).toMatch(/white/i);
    expect(products[3]!.variants.map((variant) => variant.stock)).toEqual([0]);

    const tshirt = products[7]!;
    expect(tshirt).toMatchObject({ slug: "team-tshirt", featured: false, pricePence: 2400, originalPricePence: 3000 });
    const tshirtStock = tshirt.variants.map((variant) => variant.stock);
    expect(tshirtStock.every((stock) => stock > 0)).toBe(true);
    expect(tshirtStock.filter((stock) => stock <= 5)).toHaveLength(1);

    const stocks = products.flatMap((product) => product.variants.map((variant) => variant.stock));
    expect(stocks).toContain(0);
    expect(stocks.some((stock) => stock > 0 && stock <= 5)).toBe(true);
    for (const product of products) expect(existsSync(path.join("public", product.image)), product.image).toBe(true);
  });

  it("prices two sizes of the T-shirt as two lines at the sale price", async () => {
    const lines = [
      { productId: 8, size: "M", quantity: 2 },
      { productId: 8, size: "L", quantity: 1 },
    ];
    const order = priceOrder(lines, await catalogueFor(suite.db, [8]), null, now);
    expect(order.ok).toBe(true);
    expect(order.lines.map((line) => [line.size, line.quantity, line.lineTotalPence])).toEqual([
      ["M", 2, 4800],
      ["L", 1, 2400],
    ]);
    expect(order.subtotalPence).toBe(7200);
  });

  it("finds a product by slug, and nothing for an unknown or withdrawn one", async () => {
    const mat = await getProductBySlug(suite.db, "team-welcome-mat");
    expect(mat).toMatchObject({ id: 5, pricePence: 3500, variants: [{ size: "60cm x 40cm" }] });
    expect(await getProductBySlug(suite.db, "no-such-thing")).toBeNull();

    await suite.db
      .transaction(async (tx) => {
        await tx.update(schema.products).set({ active: false }).where(eq(schema.products.id, 7));
        expect(await getProductBySlug(tx, "team-pens")).toBeNull();
        expect((await listProducts(tx)).map((product) => product.id)).not.toContain(7);
        // Pricing still sees it, so a cart can be told it is no longer sold.
        const forPricing = await catalogueFor(tx, [7, 7, 999, -1]);
        expect(forPricing.map((product) => [product.id, product.active])).toEqual([[7, false]]);
        const order = priceOrder([{ productId: 7, size: "Set of 2", quantity: 1 }], forPricing, null, now);
        expect(order.lines[0]!.problem).toEqual({ kind: "not_sold" });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
    expect(await getProductBySlug(suite.db, "team-pens")).not.toBeNull();
  });

  it("reads what pricing needs in one query: the products asked for with their sizes, and the promo code", async () => {
    const { catalogue, promo } = await getPricingInputs(suite.db, [8, 6, 8, 999, 0, -4, 2 ** 31], " ridgeway10 ");
    expect(catalogue.map((product) => [product.id, product.name, product.pricePence, product.active])).toEqual([
      [6, "Ridgeway Racing Keyring", 599, true],
      [8, "Ridgeway Racing Team T-Shirt", 2400, true],
    ]);
    const listed = await listProducts(suite.db);
    for (const product of catalogue) {
      const same = listed.find((candidate) => candidate.id === product.id)!;
      expect(product).toEqual({
        id: same.id,
        slug: same.slug,
        name: same.name,
        image: same.image,
        pricePence: same.pricePence,
        active: same.active,
        variants: same.variants.map((variant) => ({ id: variant.id, size: variant.size, stock: variant.stock })),
      });
    }
    expect(promo).toEqual({
      code: "RIDGEWAY10",
      percentOff: 10,
      amountOffPence: null,
      minSpendPence: 0,
      active: true,
      startsAt: null,
      expiresAt: null,
      maxUses: null,
      usedCount: 0,
    });

    // The promo code alone, an unknown one, nothing at all.
    expect((await getPricingInputs(suite.db, [], "team15")).promo).toMatchObject({ code: "TEAM15", percentOff: 15 });
    expect(await getPricingInputs(suite.db, [1], "NOPE")).toMatchObject({ catalogue: [{ id: 1 }], promo: null });
    expect(await getPricingInputs(suite.db, [999], "x".repeat(40))).toEqual({ catalogue: [], promo: null });
    expect(await getPricingInputs(suite.db, [])).toEqual({ catalogue: [], promo: null });
  });

  it("reads a promo code's window and limit exactly", async () => {
    const startsAt = new Date("2026-05-01T08:30:00.123Z");
    const expiresAt = new Date("2026-07-01T23:59:59.999Z");
    await suite.db
      .insert(schema.promoCodes)
      .values({ code: "WINDOW7", percentOff: 7, active: false, startsAt, expiresAt, maxUses: 9, usedCount: 4 });
    try {
      expect((await getPricingInputs(suite.db, [], "window7")).promo).toEqual({
        code: "WINDOW7",
        percentOff: 7,
        amountOffPence: null,
        minSpendPence: 0,
        active: false,
        startsAt,
        expiresAt,
        maxUses: 9,
        usedCount: 4,
      });
    } finally {
      await suite.db.delete(schema.promoCodes).where(eq(schema.promoCodes.code, "WINDOW7"));
    }
  });

  it("refuses stock below zero", async () => {
    await expect(
      suite.db.update(schema.productVariants).set({ stock: -1 }).where(eq(schema.productVariants.productId, 1)),
    ).rejects.toThrow();
  });

  it("seeding again keeps stock that has changed since", async () => {
    await suite.db.update(schema.productVariants).set({ stock: 7 }).where(eq(schema.productVariants.productId, 6));
    await seedDatabase(suite.db);
    const [keyring] = await catalogueFor(suite.db, [6]);
    expect(keyring!.variants.map((variant) => variant.stock)).toEqual([7]);
    expect(await listProducts(suite.db)).toHaveLength(8);
  });
});

describe("promo codes", () => {
  it("has the three codes with the spec's rates, matched case-insensitively", async () => {
    expect(await findUsablePromoCode(suite.db, "RIDGEWAY10", now)).toMatchObject({ code: "RIDGEWAY10", percentOff: 10 });
    expect(await findUsablePromoCode(suite.db, " team15 ", now)).toMatchObject({ code: "TEAM15", percentOff: 15 });
    expect(await findUsablePromoCode(suite.db, "Racing20", now)).toMatchObject({ code: "RACING20", percentOff: 20 });
    expect(await findUsablePromoCode(suite.db, "RIDGEWAY11", now)).toBeNull();
    expect(await findUsablePromoCode(suite.db, "", now)).toBeNull();
    expect(await findUsablePromoCode(suite.db, "x".repeat(5000), now)).toBeNull();
  });

  it("refuses inactive, not yet started, expired and used-up codes", async () => {
    const day = 24 * 60 * 60 * 1000;
    await suite.db.insert(schema.promoCodes).values([
      { code: "OFF", percentOff: 5, active: false },
      { code: "SOON", percentOff: 5, startsAt: new Date(now.getTime() + day) },
      { code: "OLD", percentOff: 5, expiresAt: now },
      { code: "LATER", percentOff: 5, expiresAt: new Date(now.getTime() + day) },
      { code: "GONE", percentOff: 5, maxUses: 3, usedCount: 3 },
      { code: "ONELEFT", percentOff: 5, maxUses: 3, usedCount: 2 },
    ]);
    for (const code of ["OFF", "SOON", "OLD", "GONE"]) {
      expect(await findUsablePromoCode(suite.db, code, now), code).toBeNull();
      // Still found as a row, and pricing refuses it the same way.
      const row = await promoRow(code);
      expect(row?.code).toBe(code);
      const order = priceOrder([{ productId: 1, size: "One Size", quantity: 1 }], await catalogueFor(suite.db, [1]), row, now);
      expect([order.discountPence, order.promoRejected]).toEqual([0, true]);
    }
    for (const code of ["LATER", "ONELEFT"]) expect(await findUsablePromoCode(suite.db, code, now), code).not.toBeNull();
  });

  it("stores codes upper-cased only", async () => {
    await expect(suite.db.insert(schema.promoCodes).values({ code: "lower5", percentOff: 5 })).rejects.toThrow();
    await expect(suite.db.insert(schema.promoCodes).values({ code: "TOOMUCH", percentOff: 101 })).rejects.toThrow();
  });

  it("prices a cart from the database with RIDGEWAY10", async () => {
    const lines = [
      { productId: 1, size: "One Size", quantity: 2 },
      { productId: 5, size: "60cm x 40cm", quantity: 1 },
    ];
    const catalogue = await catalogueFor(
      suite.db,
      lines.map((line) => line.productId),
    );
    const promo = await findUsablePromoCode(suite.db, "ridgeway10", now);
    const order = priceOrder(lines, catalogue, promo, now);
    expect([order.ok, order.subtotalPence, order.discountPence, order.shippingPence, order.totalPence]).toEqual([true, 8500, 850, 0, 7650]);
  });
});
