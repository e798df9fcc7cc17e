import { beforeAll, describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/**
 * A shared cache or CDN must never keep one person's page: every answer to a signed-in visitor
 * says `private, no-store`, whatever the route. Public answers say how long they may be kept.
 */
describe("Cache-Control on the running server", () => {
  const site = serverForTests();
  let session: string;

  beforeAll(async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${site.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const password = "a long enough password";
    await post({ intent: "sign-up", name: "Casey Cache", email: "cache@example.com", password, role: "team_member" });
    // A sign-up signs nobody in: the session comes from signing in.
    const signIn = await post({ intent: "sign-in", email: "cache@example.com", password });
    session = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(session).toContain("session_token");
  });

  const pages = [
    "/",
    "/news",
    "/calendar",
    "/team",
    "/store",
    "/store/team-cap",
    "/cart",
    "/checkout",
    "/contact",
    "/terms",
    "/dashboard",
    "/dashboard/team",
    "/dashboard/orders",
    "/dashboard/security",
    "/login",
    "/no-such-page",
  ];

  it("every page and its data request for a signed-in visitor is private, no-store", async () => {
    for (const path of [
      ...pages,
      "/news.data",
      "/calendar.data",
      "/dashboard.data",
      "/_.data",
      "/_root.data",
      "/dashboard/_.data",
      "/calendar.ics",
      "/news/rss.xml",
    ]) {
      const response = await fetch(`${site.url}${path}`, { headers: { Cookie: session }, redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      await response.body?.cancel();
    }
  });

  it("answers the data requests of both React Router data addresses, the home page's old one too (ADR 0115)", async () => {
    for (const path of ["/_.data", "/_root.data", "/news.data", "/news/_.data", "/calendar.data?_routes=root%2Croutes%2Fcalendar"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/x-script/);
      expect(await response.text(), path).toContain("root");
    }
  });

  it("serves no /metrics without METRICS_TOKEN (ADR 0046)", async () => {
    const response = await fetch(`${site.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("ridgeway_http_requests_total");
  });

  it("public pages say how long they may be kept, and a cookie that changes nothing keeps them public", async () => {
    for (const path of ["/", "/news", "/calendar", "/store"]) {
      for (const cookie of [undefined, "consent=yes"]) {
        const response = await fetch(`${site.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(response.headers.get("cache-control"), `${path} ${cookie}`).toBe(
          "public, max-age=0, s-maxage=10, stale-while-revalidate=10",
        );
        await response.body?.cancel();
      }
    }
    const feed = await fetch(`${site.url}/news/rss.xml`);
    expect(feed.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
