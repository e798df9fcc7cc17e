import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/**
 * Per-address limits key on the client address. Behind TRUST_PROXY=true (one proxy, the
 * README's production setting) it is the entry the proxy appended to X-Forwarded-For, not the
 * leftmost one, which the client writes itself.
 */
describe("the client address behind one trusted proxy", () => {
  const site = serverForTests({ env: { TRUST_PROXY: "true" } });

  const contact = (forwardedFor: string, n: number) =>
    fetch(`${site.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url, "X-Forwarded-For": forwardedFor },
      body: new URLSearchParams({
        name: "Alex Morgan",
        email: `alex${n}@example.com`,
        subject: "Hospitality",
        category: "Sponsorship",
        message: "We'd like to bring six guests to Thruxton.",
      }),
    });

  it("a new spoofed first entry each time does not make a new client (the limit of 5 holds)", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(`10.9.9.${i}, 203.0.113.50`, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("clients the proxy tells apart are kept apart", async () => {
    for (let i = 0; i < 5; i++) expect((await contact("203.0.113.60", i)).status).toBe(200);
    expect((await contact("203.0.113.60", 5)).status).toBe(429);
    expect((await contact("203.0.113.61", 6)).status).toBe(200);
    // The same client with a forged entry in front is still the same client.
    expect((await contact("198.51.100.1, 203.0.113.60", 7)).status).toBe(429);
  });
});
