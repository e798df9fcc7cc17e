import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { loadToday } from "../../app/features/admin/today.server";
import { listDeskProducts, listLowStock } from "../../app/features/shop/shop-desk/products.server";
import { previewFingerprint } from "../../app/features/shop/shop-desk/stock-csv";
import { applyStockCsv, previewStockCsv, sendLowStockAlerts } from "../../app/features/shop/shop-desk/stock.server";
import { SUBSCRIBER_CSV_HEADER } from "../../app/features/inbox/subscribers.server";
import { action as messageAction, loader as messageLoader } from "../../app/routes/admin/message";
import { action as productAction, loader as productLoader } from "../../app/routes/admin/product-edit";
import { action as stockAction } from "../../app/routes/admin/products-stock";
import { loader as exportLoader } from "../../app/routes/admin/subscribers-export";
import { action as subscribersAction } from "../../app/routes/admin/subscribers";
import { loader as storeProductLoader } from "../../app/routes/store-product";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The shop desk in-process, on PGlite or PostgreSQL (TEST_DATABASE_URL): products and sizes
 * with their validation, stock that never goes below zero, the stock CSV's dry run and apply,
 * low-stock e-mails once per crossing, the inbox's reply and the subscribers' export.
 */

const suite = seededTestDatabase();
let auth: Auth;
let shop: TestPerson;
let announced = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const context = () => ({ ...requestContext(suite.db, auth), contentChanged: async () => void announced++ });
const actor = () => ({ id: shop.id, name: shop.name, email: shop.email, roles: ["shop" as const], actingAs: "shop" as const });
const as = (request: Request, params: Record<string, string> = {}): AnyArgs =>
  routeArgs({ request, context: routerContextFor(context()), params });
const post = (path: string, fields: Record<string, string>) => formPost(path, fields, { cookie: shop.jar.header() });

async function variant(slug: string, size: string) {
  const [row] = await suite.db
    .select({ id: schema.productVariants.id, stock: schema.productVariants.stock, productId: schema.products.id })
    .from(schema.productVariants)
    .innerJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
    .where(and(eq(schema.products.slug, slug), eq(schema.productVariants.size, size)));
  return row!;
}
const mailsAbout = async (text: string) =>
  (
    await suite.db
      .select()
      .from(schema.emailOutbox)
      .where(like(schema.emailOutbox.subject, `%${text}%`))
  ).length;

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  shop = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "shop.desk@example.com", name: "Sam Shop" }), ["shop"]);
});

describe("products", () => {
  const fields = {
    intent: "save",
    name: "Team Hoodie",
    slug: "",
    description: "Warm.",
    category: "apparel",
    price: "45",
    salePrice: "",
    image: "/media/store/hoodie.svg",
    imageAlt: "A red hoodie",
    active: "on",
  };

  it("refuses a bad product with a message per field, and saves nothing", async () => {
    const outcome = await run(() =>
      productAction(as(post("/admin/products/new", { ...fields, name: "", price: "free", salePrice: "50", slug: "Bad Slug!" }))),
    );
    expect(outcome.status).toBe(400);
    const errors = (outcome.data as { errors: Record<string, string> }).errors;
    expect(errors.name).toMatch(/name/);
    expect(errors.price).toMatch(/pounds/);
    expect(await suite.db.select().from(schema.products).where(eq(schema.products.name, ""))).toHaveLength(0);
    const sale = await run(() => productAction(as(post("/admin/products/new", { ...fields, salePrice: "50" }))));
    expect((sale.data as { errors: Record<string, string> }).errors.salePrice).toMatch(/lower than the price/);
  });

  it("creates a product, adds sizes, keeps the old address working after a rename, and refuses a stale save", async () => {
    const created = await run(() => productAction(as(post("/admin/products/new", fields))));
    expect(created.status).toBe(302);
    const id = /\/admin\/products\/(\d+)/.exec(created.location!)![1]!;
    const [product] = await suite.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, Number(id)));
    expect(product).toMatchObject({ slug: "team-hoodie", pricePence: 4500, originalPricePence: null, active: true, version: 1 });

    for (const size of ["S", "M"]) {
      const added = await run(() =>
        productAction(as(post(`/admin/products/${id}`, { intent: "save-size", size, lowStockThreshold: "2" }), { id })),
      );
      expect(added.status).toBe(200);
    }
    const twice = await run(() =>
      productAction(as(post(`/admin/products/${id}`, { intent: "save-size", size: "m", lowStockThreshold: "0" }), { id })),
    );
    expect(twice.status).toBe(400);

    const renamed = await run(() =>
      productAction(
        as(post(`/admin/products/${id}`, { ...fields, slug: "team-hoodie-red", price: "45", salePrice: "39.99", version: "1" }), { id }),
      ),
    );
    expect(renamed.status).toBe(200);
    const [after] = await suite.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, Number(id)));
    expect(after).toMatchObject({ slug: "team-hoodie-red", pricePence: 3999, originalPricePence: 4500, version: 2 });
    const old = await run(() => storeProductLoader(as(get("/store/team-hoodie"), { slug: "team-hoodie" })));
    expect(old.status).toBe(301);
    expect(old.location).toBe("/store/team-hoodie-red");
    const page = await run(() => storeProductLoader(as(get("/store/team-hoodie-red"), { slug: "team-hoodie-red" })));
    expect((page.data as { product: { pricePence: number } }).product.pricePence).toBe(3999);

    const stale = await run(() => productAction(as(post(`/admin/products/${id}`, { ...fields, name: "Lost edit", version: "1" }), { id })));
    expect(stale.status).toBe(409);
    const [kept] = await suite.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, Number(id)));
    expect(kept!.name).toBe("Team Hoodie");
    const audit = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "product"), eq(schema.auditEvents.entityId, id)));
    expect(audit.map((row) => row.action).sort()).toEqual(["create", "update"]);

    // History's Restore brings back the first version, address included; both addresses keep working.
    const created1 = audit.find((row) => row.action === "create")!;
    const restored = await run(() =>
      productAction(as(post(`/admin/products/${id}`, { intent: "restore-version", eventId: String(created1.id), version: "2" }), { id })),
    );
    expect(restored.status).toBe(200);
    const [back] = await suite.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, Number(id)));
    expect(back).toMatchObject({ slug: "team-hoodie", pricePence: 4500, originalPricePence: null, version: 3 });
    const renamedLink = await run(() => storeProductLoader(as(get("/store/team-hoodie-red"), { slug: "team-hoodie-red" })));
    expect(renamedLink.location).toBe("/store/team-hoodie");
  });

  it("shows a photo of the media library on the store page, and refuses one that is not in it", async () => {
    const photo = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.set("altText", "The red cap on a car's nose");
    form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "cap.jpg");
    const uploaded = await uploadMedia(context(), actor(), new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
    if (!uploaded.ok) throw new Error("upload refused");
    const [cap] = await suite.db.select().from(schema.products).where(eq(schema.products.slug, "team-cap-red"));
    const capFields = {
      intent: "save",
      version: String(cap!.version),
      name: cap!.name,
      slug: cap!.slug,
      description: cap!.description,
      category: cap!.category,
      price: "25",
      image: cap!.image,
      imageAlt: cap!.imageAlt,
      active: "on",
    };
    const unknown = await run(() =>
      productAction(as(post("/admin/products/1", { ...capFields, imageAssetId: "no-such-photo" }), { id: "1" })),
    );
    expect(unknown.status).toBe(400);
    expect((unknown.data as { errors: Record<string, string> }).errors.imageAssetId).toMatch(/media library/);
    const saved = await run(() =>
      productAction(as(post("/admin/products/1", { ...capFields, imageAssetId: uploaded.asset.id }), { id: "1" })),
    );
    expect(saved.status).toBe(200);
    const page = await run(() => storeProductLoader(as(get("/store/team-cap-red"), { slug: "team-cap-red" })));
    const product = (page.data as { product: { image: string; imageAlt: string; picture: { kind: string; alt: string } } }).product;
    expect(product.picture).toMatchObject({ kind: "upload", alt: "The red cap on a car's nose" });
    expect(product.image).toMatch(/^\/media\/u\/[0-9a-f]{32}-\d+\.webp$/);
    expect(product.imageAlt).toBe("The red cap on a car's nose");
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await run(() => productLoader(as(get("/admin/products/9999", { cookie: shop.jar.header() }), { id: "9999" })))).status).toBe(
      404,
    );
  });
});

describe("stock", () => {
  it("counts the seeded sold-out cap and the sizes with 3 left on Today and badges them in the product list", async () => {
    const today = await loadToday(suite.db, { roles: ["shop"] }, { dataDir: null, backupDir: null } as never);
    const listed = today.lowStock!.map((row) => `${row.productName} ${row.size}: ${row.stock}/${row.threshold}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "Ridgeway Racing Team Cap - White One Size: 0/5",
        "Ridgeway Racing Team Cap - Red & White One Size: 3/5",
        "Ridgeway Racing Team T-Shirt XXL: 3/4",
      ]),
    );
    expect(listed.indexOf("Ridgeway Racing Team Cap - White One Size: 0/5")).toBeLessThan(
      listed.indexOf("Ridgeway Racing Team Cap - Red & White One Size: 3/5"),
    );
    // A size whose level is 0 (no alert e-mail) is still sold out when nothing is left.
    const keyring = await variant("team-keyring", "One Size");
    await suite.db.update(schema.productVariants).set({ lowStockThreshold: 0, stock: 0 }).where(eq(schema.productVariants.id, keyring.id));
    try {
      expect((await listLowStock(suite.db)).map((row) => row.productName)).toContain("Ridgeway Racing Keyring");
      const products = await listDeskProducts(suite.db);
      const summary = (slug: string) => products.find((product) => product.slug === slug)!;
      expect(summary("team-cap-white")).toMatchObject({ sizes: 1, soldOutSizes: 1, lowSizes: 0 });
      expect(summary("team-cap-red-white")).toMatchObject({ soldOutSizes: 0, lowSizes: 1 });
      expect(summary("team-keyring")).toMatchObject({ soldOutSizes: 1, lowSizes: 0 });
      expect(summary("team-cap-red")).toMatchObject({ soldOutSizes: 0, lowSizes: 0 });
    } finally {
      await suite.db
        .update(schema.productVariants)
        .set({ lowStockThreshold: 10, stock: keyring.stock })
        .where(eq(schema.productVariants.id, keyring.id));
    }
  });

  it("changes by a delta with a reason, audited, and never goes below zero", async () => {
    const size = await variant("team-tshirt", "XL");
    const path = `/admin/products/${size.productId}`;
    const noReason = await run(() =>
      productAction(
        as(post(path, { intent: "adjust-stock", variantId: String(size.id), delta: "5", reason: "" }), { id: String(size.productId) }),
      ),
    );
    expect(noReason.status).toBe(400);
    const tooMany = await run(() =>
      productAction(
        as(post(path, { intent: "adjust-stock", variantId: String(size.id), delta: String(-(size.stock + 1)), reason: "Damaged" }), {
          id: String(size.productId),
        }),
      ),
    );
    expect(tooMany.status).toBe(400);
    expect((tooMany.data as { message: string }).message).toMatch(/cannot go below 0, so nothing was changed/);
    expect((await variant("team-tshirt", "XL")).stock).toBe(size.stock);

    const added = await run(() =>
      productAction(
        as(post(path, { intent: "adjust-stock", variantId: String(size.id), delta: "+4", reason: "Delivery" }), {
          id: String(size.productId),
        }),
      ),
    );
    expect(added.status).toBe(200);
    expect((await variant("team-tshirt", "XL")).stock).toBe(size.stock + 4);
    const [log] = await suite.db.select().from(schema.stockAdjustments).where(eq(schema.stockAdjustments.variantId, size.id));
    expect(log).toMatchObject({ delta: 4, stockAfter: size.stock + 4, reason: "Delivery", source: "desk", actorUserId: shop.id });
    const audit = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "product_stock"), eq(schema.auditEvents.action, "stock.adjust")));
    expect(audit.some((row) => row.reason?.includes("Delivery"))).toBe(true);
  });

  it("previews a CSV without changing anything, then applies exactly the preview", async () => {
    const before = await Promise.all(["S", "M", "L"].map((size) => variant("team-tshirt", size)));
    const csv = "sku,stock\nteam-tshirt/S,11\nTEAM-TSHIRT/m,22\nteam-tshirt/L,33\nteam-cap-red/One Size,40\n";
    const preview = await run(() => stockAction(as(post("/admin/products/stock", { intent: "preview", csv }))));
    expect(preview.status).toBe(200);
    const shown = preview.data as { changes: Array<{ sku: string; from: number; to: number }>; fingerprint: string };
    expect(shown.changes.map((change) => [change.sku, change.to])).toEqual([
      ["team-tshirt/S", 11],
      ["team-tshirt/M", 22],
      ["team-tshirt/L", 33],
    ]);
    expect((await Promise.all(["S", "M", "L"].map((size) => variant("team-tshirt", size)))).map((row) => row.stock)).toEqual(
      before.map((row) => row.stock),
    );

    const noReason = await run(() =>
      stockAction(as(post("/admin/products/stock", { intent: "apply", csv, fingerprint: shown.fingerprint, reason: "" }))),
    );
    expect(noReason.status).toBe(400);
    const applied = await run(() =>
      stockAction(as(post("/admin/products/stock", { intent: "apply", csv, fingerprint: shown.fingerprint, reason: "Stock-take" }))),
    );
    expect(applied.status).toBe(200);
    expect((await Promise.all(["S", "M", "L"].map((size) => variant("team-tshirt", size)))).map((row) => row.stock)).toEqual([11, 22, 33]);
    const rows = await suite.db.select().from(schema.stockAdjustments).where(eq(schema.stockAdjustments.source, "csv"));
    expect(rows).toHaveLength(3);
  });

  it("refuses a file with an unknown SKU whole, naming it, and changes nothing", async () => {
    const before = (await variant("team-tshirt", "S")).stock;
    const csv = "sku,stock\nteam-tshirt/S,99\nteam-tshirt/XS,5\nno-such-thing/M,1\n";
    const preview = await run(() => stockAction(as(post("/admin/products/stock", { intent: "preview", csv }))));
    expect(preview.status).toBe(400);
    const problems = (preview.data as { problems: Array<{ message: string }> }).problems.map((problem) => problem.message).join(" ");
    expect(problems).toMatch(/2 SKUs are unknown, so nothing was changed: "team-tshirt\/XS", "no-such-thing\/M"/);
    // Even posted straight to apply, with any fingerprint, nothing changes.
    const applied = await applyStockCsv(context(), actor(), { text: csv, reason: "x", fingerprint: "" });
    expect(applied.ok).toBe(false);
    expect((await variant("team-tshirt", "S")).stock).toBe(before);
  });

  it("refuses to apply when the stock moved since the preview", async () => {
    const csv = "sku,stock\nteam-pens/Set of 2,70\n";
    const preview = await previewStockCsv(suite.db, csv);
    expect(preview.ok).toBe(true);
    const pens = await variant("team-pens", "Set of 2");
    await suite.db
      .update(schema.productVariants)
      .set({ stock: pens.stock - 1 })
      .where(eq(schema.productVariants.id, pens.id));
    const applied = await applyStockCsv(context(), actor(), {
      text: csv,
      reason: "Count",
      fingerprint: previewFingerprint(preview.ok ? preview.changes : []),
    });
    expect(applied).toMatchObject({ ok: false, status: 409 });
    expect((await variant("team-pens", "Set of 2")).stock).toBe(pens.stock - 1);
  });

  it("e-mails shop staff once per fall below the threshold, whoever moved the stock", async () => {
    const keyring = await variant("team-keyring", "One Size");
    const id = String(keyring.productId);
    await run(() =>
      productAction(
        as(
          post(`/admin/products/${id}`, { intent: "save-size", variantId: String(keyring.id), size: "One Size", lowStockThreshold: "10" }),
          { id },
        ),
      ),
    );
    const adjust = (delta: number) =>
      run(() =>
        productAction(
          as(
            post(`/admin/products/${id}`, { intent: "adjust-stock", variantId: String(keyring.id), delta: String(delta), reason: "Test" }),
            { id },
          ),
        ),
      );
    await adjust(-(keyring.stock - 10)); // exactly 10: not below
    expect(await mailsAbout("Racing Keyring")).toBe(0);
    await adjust(-1); // 9: below, first crossing
    expect(await mailsAbout("Racing Keyring")).toBe(1);
    const [mail] = await suite.db.select().from(schema.emailOutbox).where(like(schema.emailOutbox.subject, "%Racing Keyring%"));
    expect(mail!.toAddress).toBe(shop.email);
    expect(mail!.textBody).toMatch(/team-keyring\/One Size/);
    expect(mail!.textBody).toMatch(/9 left \(alert below 10\)/);
    expect(mail!.htmlBody).toContain("/email/logo.png");
    expect(mail!.htmlBody).toMatch(/href="[^"]*\/admin\/products\/\d+"/);
    await adjust(-1); // still below: no second e-mail
    // A sale (the checkout function's update) while below: none either, even with the timer's sender.
    await suite.db.update(schema.productVariants).set({ stock: 7 }).where(eq(schema.productVariants.id, keyring.id));
    expect(await sendLowStockAlerts(suite.db)).toBe(0);
    expect(await mailsAbout("Racing Keyring")).toBe(1);
    await adjust(+5); // 12: back above
    await suite.db.update(schema.productVariants).set({ stock: 9 }).where(eq(schema.productVariants.id, keyring.id)); // a sale takes it below again
    expect(await sendLowStockAlerts(suite.db)).toBe(1);
    expect(await sendLowStockAlerts(suite.db)).toBe(0);
    expect(await mailsAbout("Racing Keyring")).toBe(2);
  });
});

describe("inbox and subscribers", () => {
  it("replies to a message through the outbox, records it, and marks it replied", async () => {
    const [message] = await suite.db
      .insert(schema.contactMessages)
      .values({ name: "Fan", email: "fan@example.com", subject: "Hoodie sizes", category: "General Inquiry", message: "Do you do XXL?" })
      .returning();
    const opened = await run(() =>
      messageLoader(as(get(`/admin/messages/${message!.id}`, { cookie: shop.jar.header() }), { id: message!.id })),
    );
    expect(opened.status).toBe(200);
    const empty = await run(() =>
      messageAction(
        as(post(`/admin/messages/${message!.id}`, { intent: "reply", version: "1", subject: "Re: Hoodie sizes", body: "" }), {
          id: message!.id,
        }),
      ),
    );
    expect(empty.status).toBe(400);
    const replied = await run(() =>
      messageAction(
        as(
          post(`/admin/messages/${message!.id}`, { intent: "reply", version: "1", subject: "Re: Hoodie sizes", body: "Yes, from March." }),
          { id: message!.id },
        ),
      ),
    );
    expect(replied.status).toBe(200);
    const [after] = await suite.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.id, message!.id));
    expect(after).toMatchObject({ status: "replied", version: 2 });
    expect(after!.readAt).not.toBeNull();
    const [mail] = await suite.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "fan@example.com"));
    expect(mail!.textBody).toMatch(/^Yes, from March\./);
    expect(
      await suite.db.select().from(schema.contactMessageReplies).where(eq(schema.contactMessageReplies.messageId, message!.id)),
    ).toHaveLength(1);
    const spam = await run(() =>
      messageAction(as(post(`/admin/messages/${message!.id}`, { intent: "spam", version: "1" }), { id: message!.id })),
    );
    expect(spam.status).toBe(409);
  });

  it("exports subscribers with consent time and source, safe to open in a spreadsheet, and unsubscribes with an audit row", async () => {
    const [subscriber] = await suite.db
      .insert(schema.newsletterSubscribers)
      .values({
        email: "=cmd|' /C calc'!A0@example.com",
        source: "footer",
        consentText: "Yes please",
        consentedAt: new Date("2026-01-02T03:04:05Z"),
        unsubscribeToken: "tok-export-1",
      })
      .returning();
    const response = (await exportLoader(as(get("/admin/subscribers/export.csv", { cookie: shop.jar.header() })))) as Response;
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(SUBSCRIBER_CSV_HEADER.map((name) => `"${name}"`).join(","));
    const line = lines.find((row) => row.includes("calc"))!;
    expect(line.startsWith(`"'=cmd`)).toBe(true);
    expect(line).toContain('"footer","2026-01-02T03:04:05.000Z"');

    const done = await run(() =>
      subscribersAction(as(post("/admin/subscribers", { intent: "unsubscribe", id: subscriber!.id, reason: "Asked by phone" }))),
    );
    expect(done.status).toBe(200);
    const [after] = await suite.db.select().from(schema.newsletterSubscribers).where(eq(schema.newsletterSubscribers.id, subscriber!.id));
    expect(after!.unsubscribedAt).not.toBeNull();
    const [audit] = await suite.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.entityId, subscriber!.id));
    expect(audit).toMatchObject({ action: "subscriber.unsubscribe", reason: "Asked by phone", actorUserId: shop.id });
    const again = await run(() => subscribersAction(as(post("/admin/subscribers", { intent: "unsubscribe", id: subscriber!.id }))));
    expect(again.status).toBe(400);
  });
});
