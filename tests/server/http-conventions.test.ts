import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "../../server/permissions-policy";
import { serverForTests } from "../support/server-fixture";

/*
 * HTTP as clients expect it, through the built server (npm run build first): HEAD answers with
 * GET's headers and no body, private pages say noindex in a header rather than being hidden by
 * robots.txt, browser features the site never uses are switched off, and only GET, HEAD and POST
 * reach a page.
 */

const site = serverForTests();

/**
 * Headers that differ between two answers by design: per request (the date, the request id, the
 * CSP nonce), or about the body a HEAD does not have: how it travels, and its encoding, which
 * RFC 9110 (9.3.2) lets a HEAD omit as "determined only while generating the content".
 */
const PER_ANSWER = new Set([
  "date",
  "x-request-id",
  "content-security-policy",
  "content-length",
  "transfer-encoding",
  "content-encoding",
  "connection",
  "keep-alive",
]);

const comparable = (headers: Headers) =>
  Object.fromEntries([...headers.entries()].filter(([name]) => !PER_ANSWER.has(name)).sort(([a], [b]) => a.localeCompare(b)));

describe("HTTP conventions", () => {
  it.each([
    "/",
    "/news",
    "/store",
    "/store/team-cap-red",
    "/calendar",
    "/team",
    "/no-such-page",
    "/login",
    "/cart",
    "/robots.txt",
    "/.well-known/security.txt",
    "/sitemap.xml",
    "/news/rss.xml",
    "/calendar.ics",
    "/favicon.svg",
  ])("HEAD %s answers with GET's status and headers, and no body", async (path) => {
    const get = await fetch(`${site.url}${path}`, { headers: { "accept-encoding": "br, gzip" }, redirect: "manual" });
    await get.arrayBuffer();
    const head = await fetch(`${site.url}${path}`, { method: "HEAD", headers: { "accept-encoding": "br, gzip" }, redirect: "manual" });
    expect(head.status).toBe(get.status);
    expect(head.headers.get("content-type")).toBeTruthy();
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s runs no action, as a POST would: 405 with Allow, before the form is read", async (method) => {
    const form = new URLSearchParams({
      name: "Method Test",
      email: "method@example.com",
      subject: "Hello",
      category: "General Inquiry",
      message: `Sent with ${method}.`,
    });
    for (const path of ["/contact", "/newsletter", "/login", "/cart"]) {
      const answer = await fetch(`${site.url}${path}`, { method, body: form, headers: { origin: site.url }, redirect: "manual" });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD, POST");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(await answer.text()).toBe("");
    }
  });

  it("says where to report a vulnerability at /.well-known/security.txt (RFC 9116), valid for most of a year", async () => {
    const answer = await fetch(`${site.url}/.well-known/security.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await answer.text();
    expect(text).toMatch(/^Contact: mailto:info@ridgeway-racing\.example$/m);
    expect(text).toMatch(/^Preferred-Languages: en$/m);
    expect(text).toMatch(/^Canonical: https?:\/\/[^/\s]+\/\.well-known\/security\.txt$/m);
    const expires = Date.parse(/^Expires: (\d{4}-\d{2}-\d{2}T00:00:00Z)$/m.exec(text)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(300 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(365 * 86_400_000);
  });

  it("robots.txt blocks nothing; private pages say noindex in a header, public ones do not", async () => {
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).not.toMatch(/^Disallow: \S/m);
    expect(robots).toMatch(/^Sitemap: /m);
    for (const path of ["/login", "/cart", "/checkout", "/dashboard", "/forgot-password", "/newsletter/confirm?token=x"]) {
      const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
      expect(response.headers.get("x-robots-tag"), path).toMatch(/noindex/);
    }
    expect((await fetch(`${site.url}/admin`, { redirect: "manual" })).headers.get("x-robots-tag")).toBe("noindex, nofollow");
    for (const path of ["/", "/news", "/store"]) {
      expect((await fetch(`${site.url}${path}`)).headers.get("x-robots-tag"), path).toBeNull();
    }
  });

  it("switches off browser features the site never uses, on pages and files alike", async () => {
    for (const path of ["/", "/favicon.svg", "/robots.txt"]) {
      const policy = (await fetch(`${site.url}${path}`)).headers.get("permissions-policy");
      expect(policy, path).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain("camera=()");
    expect(PERMISSIONS_POLICY).toContain("geolocation=()");
    // The team's clips play muted on their own, and can go full screen.
    expect(PERMISSIONS_POLICY).not.toMatch(/autoplay|fullscreen/);
  });
});
