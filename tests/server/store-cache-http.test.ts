import { beforeAll, describe, expect, it } from "vitest";
import { prepareStaff, signInOverHttp, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";

/*
 * The store's pages follow a shop-desk edit at once, through the built server (npm run build
 * first) with a page cache of ten minutes: only the desk's change announcement can explain a
 * fresh page. The old address of a renamed product moves permanently to the new one.
 */

const AUTH_SECRET = "store-cache-http-secret-0123456789abcdef0123";
let staff: PreparedStaff;
let cookie = "";

const site = serverForTests({
  env: { AUTH_SECRET, PAGE_CACHE_TTL_MS: "600000" },
  prepare: async (testDb) => {
    staff = await prepareStaff(testDb, {
      email: "http.shop@example.com",
      password: "a long and unusual password",
      roles: ["shop"],
      secret: AUTH_SECRET,
      publicUrl: "http://127.0.0.1",
    });
  },
});
const page = async (path: string) => (await fetch(`${site.url}${path}`)).text();

beforeAll(async () => {
  cookie = await signInOverHttp(site.url, staff);
});

describe("a product edit at the shop desk", () => {
  it("shows on /store and /store/:slug at once, and the old address redirects", async () => {
    // Each page twice: the second answer comes from the page cache.
    for (const path of ["/store", "/store/team-tshirt", "/store", "/store/team-tshirt"]) expect(await page(path)).toContain("£24.00");

    const saved = await fetch(`${site.url}/admin/products/8`, {
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
    const old = await fetch(`${site.url}/store/team-tshirt`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/store/team-tee");
  });
});
