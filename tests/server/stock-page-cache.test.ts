import { describe, expect, it } from "vitest";
import { DELIVERY_FIELDS } from "../support/delivery-fields";
import { serverForTests } from "../support/server-fixture";
import type { ServerProcess } from "../support/server-process";

/*
 * The store's pages never show stock older than the request (issue 15 finding 6, ADR 0054), in
 * any process, though every page is cached for ten minutes: two server processes on one
 * PostgreSQL database (one process on the embedded database), a sale in one of them, and a page
 * from each at once after it. Built server: npm run build first.
 */

const CAP = "/store/team-cap-red-white";
// Ten minutes of page cache: only a check against the stock itself can explain a fresh page.
// One browser address buys everything here, so the fair-hold caps are off.
const site = serverForTests({
  env: { PAGE_CACHE_TTL_MS: "600000", ORDER_HOLDS_PER_CLIENT: "0", ORDER_HOLD_SHARE_PERCENT: "100" },
  processes: (testDb) => (testDb.kind === "postgres" ? 2 : 1),
});

async function page(server: ServerProcess, path: string) {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** What each process's product page and store list say about the red-and-white cap right now. */
async function capNotes() {
  const notes: string[] = [];
  for (const server of site.servers) {
    for (const path of [CAP, "/store"]) {
      const html = await page(server, path);
      notes.push(html.includes("Only 3 left") ? "Only 3 left" : html.includes("Sold out") ? "Sold out" : "neither");
    }
  }
  return notes;
}

describe("stock on cached store pages", () => {
  it("a sale in one process shows as sold out in every process at once, and a cancel as back in stock", async () => {
    // Twice each: the second answer of each page comes from its process's cache.
    expect(await capNotes()).toEqual(site.servers.flatMap(() => ["Only 3 left", "Only 3 left"]));
    expect(await capNotes()).toEqual(site.servers.flatMap(() => ["Only 3 left", "Only 3 left"]));

    const checkout = await fetch(`${site.servers[0]!.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        productId: "2",
        size: "One Size",
        quantity: "3",
        name: "Alex Fan",
        email: "alex@example.com",
        ...DELIVERY_FIELDS,
        shipCountry: "GB",
      }),
    });
    expect(checkout.status).toBe(302);
    const paymentPage = checkout.headers.get("location")!;
    expect(paymentPage).toMatch(/^\/pay\/test\//);

    expect(await capNotes()).toEqual(site.servers.flatMap(() => ["Sold out", "Sold out"]));

    // The shopper cancels on the payment page, served by the other process: the units are back.
    const cancel = await fetch(`${site.servers.at(-1)!.url}${paymentPage}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(cancel.status).toBe(302);
    expect(await capNotes()).toEqual(site.servers.flatMap(() => ["Only 3 left", "Only 3 left"]));
  });

  it("client-side navigations' data follow the stock too", async () => {
    const before = await page(site.servers.at(-1)!, `${CAP}.data`);
    const checkout = await fetch(`${site.servers[0]!.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        productId: "2",
        size: "One Size",
        quantity: "2",
        name: "Alex Fan",
        email: "alex@example.com",
        ...DELIVERY_FIELDS,
        shipCountry: "GB",
      }),
    });
    expect(checkout.status).toBe(302);
    const after = await page(site.servers.at(-1)!, `${CAP}.data`);
    expect(after).not.toBe(before);
    expect(await page(site.servers.at(-1)!, `${CAP}.data`)).toBe(after);
  });

  it("the mark a store page carries for the cache never leaves the server", async () => {
    for (const path of ["/store", CAP, `${CAP}.data`]) {
      const response = await fetch(`${site.servers[0]!.url}${path}`);
      expect(response.status).toBe(200);
      expect(
        [...response.headers.keys()].filter((name) => name.startsWith("x-page-cache")),
        path,
      ).toEqual([]);
    }
  });
});
