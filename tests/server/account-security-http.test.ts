import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/*
 * The account security pages through the real server (production build): the
 * same-origin gate in front of their forms, the guard on the Security page and
 * the data download as a browser receives it.
 */

const site = serverForTests();

const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { method: "POST", body, headers, redirect: "manual" });

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Signs up, then signs in (a sign-up signs nobody in); returns the session's cookies. */
async function signUp(email: string): Promise<string> {
  const password = "a long enough password";
  const signedUp = await post(
    "/login",
    new URLSearchParams({ intent: "sign-up", name: "Harper Http", email, password, role: "team_member" }),
  );
  expect(signedUp.status).toBe(200);
  const response = await post("/login", new URLSearchParams({ intent: "sign-in", email, password }));
  expect(response.status).toBe(302);
  return cookieHeader(response);
}

describe("account security over HTTP", () => {
  it("sends a visitor without a session from the Security page and the data download to /login", async () => {
    for (const page of ["/dashboard/security", "/dashboard/security/export"]) {
      const response = await fetch(`${site.url}${page}`, { redirect: "manual" });
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location"), page).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
    }
    const posted = await post("/dashboard/security", new URLSearchParams({ intent: "sign-out-others" }));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fsecurity");
  });

  it("refuses the security forms posted from another site with a 403", async () => {
    const cookie = await signUp("targeted@example.com");
    const evil = { origin: "https://evil.example" };
    const refused = [
      await post("/forgot-password", new URLSearchParams({ email: "targeted@example.com" }), evil),
      await post("/reset-password?token=abc", new URLSearchParams({ token: "abc", password: "x", confirmPassword: "x" }), evil),
      await post("/login/two-factor", new URLSearchParams({ method: "totp", code: "123456" }), evil),
      await post("/dashboard/security", new URLSearchParams({ intent: "sign-out-others" }), { ...evil, cookie }),
      await post(
        "/dashboard/security",
        new URLSearchParams({ intent: "delete-account", password: "a long enough password", confirm: "yes" }),
        { ...evil, cookie },
      ),
    ];
    for (const response of refused) expect(response.status).toBe(403);
    // Still there, still signed in.
    const page = await fetch(`${site.url}/dashboard/security`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });

  it("serves the data download as a JSON attachment that is never cached", async () => {
    const cookie = await signUp("downloader@example.com");
    const response = await fetch(`${site.url}/dashboard/security/export`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ridgeway-racing-account-/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await response.json()).profile.email).toBe("downloader@example.com");
  });

  it("answers a malformed Security form with a 400, not a 500", async () => {
    const cookie = await signUp("sloppy@example.com");
    const unknown = await post("/dashboard/security", new URLSearchParams({ intent: "nonsense" }), { cookie });
    expect(unknown.status).toBe(400);
    const json = await fetch(`${site.url}/dashboard/security`, {
      method: "POST",
      body: "{}",
      headers: { cookie, "content-type": "application/json" },
      redirect: "manual",
    });
    expect(json.status).toBe(400);
  });
});
