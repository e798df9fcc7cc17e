import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStaff, signInOverHttp } from "../support/prepared-staff";
import { startServer, type ServerProcess } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * The store's pages follow a shop-desk edit at once, through the built server (npm run build
 * first) with a page cache of ten minutes: only the desk's change announcement can explain a
 * fresh page. The old address of a renamed product moves permanently to the new one.
 */

const AUTH_SECRET = "store-cache-http-secret-0123456789abcdef0123";
let testDb: TestDatabase;
let server: ServerProcess;
let cookie = "";
const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();

beforeAll(async () => {
  testDb = await createTestDatabase();
  const staff = await prepareStaff(testDb, {
    email: "http.shop@example.com",
    password: "a long and unusual password",
    roles: ["shop"],
    secret: AUTH_SECRET,
    publicUrl: "http://127.0.0.1",
  });
  server = await startServer({ ...testDb.env, AUTH_SECRET, PAGE_CACHE_TTL_MS: "600000" });
  cookie = await signInOverHttp(server.url, staff);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
});

describe("a product edit at the shop desk", () => {
  it("shows on /store and /store/:slug at once, and the old address redirects", async () => {
    // Each page twice: the second answer comes from the page cache.
    for (const path of ["/store", "/store/team-tshirt", "/store", "/store/team-tshirt"]) expect(await page(path)).toContain("£24.00");

    const saved = await fetch(`${server.url}/admin/products/8`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({
        intent: "save",
        version: "1",
        name: "Ridgeway Racing Team T-Shirt",
        slug: "team-tee",
        description: "Black crew-neck team T-shirt.",
        category: "apparel",
        price: "30",
        salePrice: "19.50",
        image: "/media/store/team-tshirt.svg",
        imageAlt: "Black team T-shirt",
        active: "on",
      }),
    });
    expect(saved.status).toBe(200);

    for (const path of ["/store", "/store/team-tee"]) {
      const html = await page(path);
      expect(html, path).toContain("£19.50");
      expect(html, path).not.toContain("£24.00");
    }
    const old = await fetch(`${server.url}/store/team-tshirt`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/store/team-tee");
  });
});
