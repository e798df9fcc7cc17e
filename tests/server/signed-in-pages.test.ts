import { beforeAll, describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/*
 * Signed-in visitors share one cached page per route (ADR 0090): the page says someone is signed
 * in and nothing of who. What a page shows of the person (their dashboard) is never shared, and a
 * session that is not live never gets the signed-in page.
 */

const METRICS_TOKEN = "signed-in-pages-test-token-0123456789abcdef";

interface Visitor {
  name: string;
  email: string;
  cookie: string;
}

describe("pages for signed-in visitors", () => {
  const site = serverForTests({ env: { METRICS_TOKEN } });
  let robin: Visitor;
  let sam: Visitor;

  /** Signs up, then signs in (a sign-up signs nobody in). */
  async function signUp(name: string, email: string): Promise<Visitor> {
    const post = (fields: Record<string, string>) =>
      fetch(`${site.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const password = "a long enough password";
    expect((await post({ intent: "sign-up", name, email, password, role: "team_member" })).status).toBe(200);
    const response = await post({ intent: "sign-in", email, password });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("ridgeway.session_token=");
    return { name, email, cookie };
  }

  const page = async (path: string, cookie?: string) => {
    const response = await fetch(`${site.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    return { response, html: await response.text() };
  };

  const signedInHits = async () => {
    const text = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(/^ridgeway_page_cache_lookups_total\{result="hit",audience="signed-in"\} (\d+)/m.exec(text)?.[1] ?? 0);
  };

  beforeAll(async () => {
    robin = await signUp("Robin Shared", "robin.shared@example.com");
    sam = await signUp("Sam Shared", "sam.shared@example.com");
  });

  it("gives every signed-in visitor the same page: signed in, and nothing of who", async () => {
    const anonymous = await page("/calendar");
    expect(anonymous.html).toContain("Sign In");

    const before = await signedInHits();
    const robins = await page("/calendar", robin.cookie);
    const sams = await page("/calendar", sam.cookie);
    expect(robins.html).toContain("Sign Out");
    expect(robins.html).not.toContain(">Sign In<");
    expect(sams.html).toBe(robins.html);
    for (const { name, email } of [robin, sam]) {
      expect(robins.html).not.toContain(name);
      expect(robins.html).not.toContain(email);
    }
    expect(await signedInHits()).toBeGreaterThan(before);
    // Never for a shared cache, and no nonce: its inline scripts are allowed by their hashes.
    expect(sams.response.headers.get("cache-control")).toBe("private, no-store");
    expect(sams.response.headers.get("content-security-policy")).not.toContain("'nonce-");
  });

  it("never shares what a page shows of the person", async () => {
    const robins = await page("/dashboard/team", robin.cookie);
    const sams = await page("/dashboard/team", sam.cookie);
    expect(robins.response.status).toBe(200);
    expect(robins.html).toContain(robin.name);
    expect(sams.html).toContain(sam.name);
    expect(sams.html).not.toContain(robin.name);
    expect(sams.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives a forged or signed-out session the page made for it, which signs nobody in", async () => {
    const forged = await page("/calendar", "ridgeway.session_token=forged.value");
    expect(forged.html).toContain("Sign In");
    expect(forged.response.headers.get("content-security-policy")).toContain("'nonce-");

    const leaving = await signUp("Lee Leaving", "lee.leaving@example.com");
    expect((await page("/calendar", leaving.cookie)).html).toContain("Sign Out");
    const signOut = await fetch(`${site.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.url, cookie: leaving.cookie },
    });
    expect(signOut.status).toBe(302);
    const after = await page("/calendar", leaving.cookie);
    expect(after.html).toContain("Sign In");
    expect(after.html).not.toContain("Sign Out");
  });
});
