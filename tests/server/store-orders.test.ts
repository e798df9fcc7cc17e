import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import { DEFAULT_RESERVATION_MS, newOrderNumber, placeOrder } from "../../app/features/shop/store/orders.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let handle: DatabaseHandle;
const now = new Date("2026-06-01T12:00:00Z");
const customer = { name: "Alex Fan", email: "alex@example.com" };
const options = { now, paymentProvider: "test", publicUrl: "https://ridgeway-racing.example" };

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});
beforeEach(async () => {
  await handle.db.delete(schema.orderLines);
  await handle.db.delete(schema.orders);
});

async function setStock(productId: number, stock: number) {
  await handle.db.update(schema.productVariants).set({ stock }).where(eq(schema.productVariants.productId, productId));
}
async function stockOf(productId: number) {
  const [variant] = await handle.db
    .select({ stock: schema.productVariants.stock })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.productId, productId));
  return variant!.stock;
}

describe("placeOrder", () => {
  it("reserves stock and records a pending order priced by the server", async () => {
    await setStock(1, 10);
    await setStock(6, 10);
    const result = await placeOrder(
      handle.db,
      {
        lines: [
          { productId: 1, size: "One Size", quantity: 2 },
          { productId: 6, size: "One Size", quantity: 1 },
        ],
        customer: { ...customer, phone: "", notes: "Gift wrap please" },
        promoCode: "ridgeway10",
      },
      options,
    );
    expect(result.kind).toBe("placed");
    if (result.kind !== "placed") return;
    expect(result.orderNumber).toMatch(/^RR-[0-9A-HJKMNP-TV-Z]{8}$/);
    const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, result.orderId));
    expect(order).toMatchObject({
      status: "pending_payment",
      customerName: "Alex Fan",
      customerEmail: "alex@example.com",
      customerPhone: null,
      notes: "Gift wrap please",
      subtotalPence: 5599,
      discountPence: 560,
      shippingPence: 0,
      totalPence: 5039,
      promoCode: "RIDGEWAY10",
      promoPercentOff: 10,
      paymentProvider: "test",
      providerSessionId: null,
      expiresAt: new Date(now.getTime() + DEFAULT_RESERVATION_MS),
    });
    const lines = await handle.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, result.orderId));
    expect(lines.map((line) => [line.lineNumber, line.productId, line.size, line.unitPricePence, line.quantity])).toEqual([
      [1, 1, "One Size", 2500, 2],
      [2, 6, "One Size", 599, 1],
    ]);
    expect(lines[0]!.productName).toBe("Ridgeway Racing Team Cap - Red");
    expect([await stockOf(1), await stockOf(6)]).toEqual([8, 9]);
  });

  it("changes nothing for an invalid promo code or a line it cannot sell", async () => {
    await setStock(1, 10);
    await setStock(6, 1);
    const badPromo = await placeOrder(
      handle.db,
      { lines: [{ productId: 1, size: "One Size", quantity: 1 }], customer, promoCode: "NOPE" },
      options,
    );
    expect(badPromo.kind).toBe("invalid_promo");
    const short = await placeOrder(
      handle.db,
      {
        lines: [
          { productId: 1, size: "One Size", quantity: 1 },
          { productId: 6, size: "One Size", quantity: 2 },
        ],
        customer,
      },
      options,
    );
    expect(short.kind).toBe("unavailable");
    expect(short.priced.lines[1]!.problem).toEqual({ kind: "insufficient_stock", available: 1 });
    const unknown = await placeOrder(handle.db, { lines: [{ productId: 999, size: "One Size", quantity: 1 }], customer }, options);
    expect(unknown.kind).toBe("unavailable");
    expect(await handle.db.select().from(schema.orders)).toHaveLength(0);
    expect([await stockOf(1), await stockOf(6)]).toEqual([10, 1]);
  });

  it("never oversells: 50 concurrent checkouts for a size with 5 in stock reserve exactly 5", async () => {
    await setStock(3, 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(
          handle.db,
          { lines: [{ productId: 3, size: "One Size", quantity: 1 }], customer: { ...customer, email: `fan${i}@example.com` } },
          options,
        ),
      ),
    );
    expect(results.filter((result) => result.kind === "placed")).toHaveLength(5);
    expect(results.filter((result) => result.kind === "unavailable")).toHaveLength(45);
    for (const result of results.filter((r) => r.kind === "unavailable")) {
      expect(result.priced.lines[0]!.problem).toEqual({ kind: "insufficient_stock", available: 0 });
    }
    expect(await stockOf(3)).toBe(0);
    expect(await handle.db.select().from(schema.orders)).toHaveLength(5);
    expect(await handle.db.select().from(schema.orderLines)).toHaveLength(5);
  });

  it("reserves a multi-line order whole or not at all when one of its sizes runs out", async () => {
    await setStock(1, 100);
    await setStock(3, 5);
    const plenty = { productId: 1, size: "One Size", quantity: 2 };
    const scarce = { productId: 3, size: "One Size", quantity: 1 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(handle.db, { lines: i % 2 ? [plenty, scarce] : [scarce, plenty], customer }, options),
      ),
    );
    expect(results.filter((result) => result.kind === "placed")).toHaveLength(5);
    // Only the five placed orders hold units of the plentiful size.
    expect([await stockOf(1), await stockOf(3)]).toEqual([90, 0]);
    expect(await handle.db.select().from(schema.orders)).toHaveLength(5);
    const lines = await handle.db.select().from(schema.orderLines);
    expect(lines).toHaveLength(10);
    expect(lines.filter((line) => line.productId === 1).every((line) => line.quantity === 2 && line.unitPricePence === 2500)).toBe(true);
  });

  it("does not deadlock when multi-line orders name the same sizes in opposite orders", async () => {
    await setStock(1, 20);
    await setStock(3, 20);
    const a = { productId: 1, size: "One Size", quantity: 1 };
    const b = { productId: 3, size: "One Size", quantity: 1 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => placeOrder(handle.db, { lines: i % 2 ? [a, b] : [b, a], customer }, options)),
    );
    expect(results.every((result) => result.kind === "placed")).toBe(true);
    expect([await stockOf(1), await stockOf(3)]).toEqual([0, 0]);
  });
});

describe("newOrderNumber", () => {
  it("makes distinct readable references", () => {
    const numbers = new Set(Array.from({ length: 1000 }, newOrderNumber));
    expect(numbers.size).toBe(1000);
    for (const number of numbers) expect(number).toMatch(/^RR-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
