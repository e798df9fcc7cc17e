import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { twoFactors, users } from "../../db/schema";
import { staffRolesOf } from "../../app/features/admin/staff.server";
import { serverForTests } from "../support/server-fixture";

/*
 * Accounts through the real server: the same-origin gate in front of /login,
 * the cookies as a browser receives them over HTTPS, and the admin commands
 * on the same database.
 */

const publicUrl = "https://ridgeway-racing.example";
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

// As deployed: behind a proxy that terminates TLS.
const site = serverForTests({ env: { PUBLIC_URL: publicUrl, TRUST_PROXY: "true" } });

const signUpBody = (email: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ intent: "sign-up", name: "Robin Racer", email, password: "a long enough password", role: "driver", ...extra });

const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, { method: "POST", body, headers, redirect: "manual" });

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

describe("accounts over HTTP", () => {
  it("refuses a sign-up or sign-in posted from another site with a 403", async () => {
    const evil = { origin: "https://evil.example" };
    const refused = [
      await post("/login", signUpBody("cross-site@example.com"), evil),
      await post("/login.data", signUpBody("cross-site-data@example.com"), evil),
      await post("/login", new URLSearchParams({ intent: "sign-in", email: "x@example.com", password: "whatever123" }), evil),
      await post("/logout", new URLSearchParams(), evil),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("signs up from the site's own page with __Secure- cookies, HttpOnly and SameSite=Lax", async () => {
    // Without an Origin, as curl sends it: fetch() cannot set the proxied Host that a same-origin post needs.
    const signedUp = await post("/login", signUpBody("robin@example.com", { rememberMe: "on" }), { "x-forwarded-proto": "https" });
    expect(signedUp.status).toBe(200);
    expect(signedUp.headers.getSetCookie()).toEqual([]);
    // A sign-up signs nobody in (ADR 0099): the page says to check the e-mail, above the sign-in form.
    expect(await signedUp.text()).toContain("We&#x27;ve sent an e-mail to that address");
    const signIn = new URLSearchParams({
      intent: "sign-in",
      email: "robin@example.com",
      password: "a long enough password",
      rememberMe: "on",
    });
    const response = await post("/login", signIn, { "x-forwarded-proto": "https" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/driver");
    const [session] = response.headers.getSetCookie();
    expect(session).toMatch(/^__Secure-ridgeway\.session_token=/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Max-Age=2592000/);

    const cookie = cookieHeader(response);
    const dashboard = await fetch(`${site.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("cache-control")).toMatch(/no-store/);
    const html = await dashboard.text();
    expect(html).toContain("User Dashboard");
    expect(html).toContain("robin@example.com");

    // The profile form, posted as a browser without JavaScript does (multipart, to the index route).
    const profile = new FormData();
    profile.set("intent", "update-profile");
    profile.set("name", "Robin Faster");
    profile.set("avatar", new File([], "", { type: "application/octet-stream" }));
    const saved = await fetch(`${site.url}/dashboard?index&edit`, {
      method: "POST",
      body: profile,
      headers: { cookie },
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard?saved");
    expect(await (await fetch(`${site.url}/dashboard`, { headers: { cookie } })).text()).toContain("Robin Faster");

    // Signed in, the header offers the dashboard and sign-out on every page.
    const home = await (await fetch(`${site.url}/`, { headers: { cookie } })).text();
    expect(home).toContain('href="/dashboard"');
    expect(home).toContain('action="/logout"');

    const out = await post("/logout", new URLSearchParams(), { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    const again = await fetch(`${site.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("answers a sign-up with an address that has an account exactly as it answered the first, nonces apart", async () => {
    const answer = async () => {
      const response = await post("/login", signUpBody("same-answer@example.com"), { "x-forwarded-proto": "https" });
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !["date", "x-request-id", "content-security-policy"].includes(name)),
      );
      return { status: response.status, headers, body: (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""') };
    };
    const created = await answer();
    const existing = await answer();
    expect(created.status).toBe(200);
    expect(existing).toEqual(created);
    expect(created.headers["set-cookie"]).toBeUndefined();
  });

  it("sends a visitor without a session from every dashboard page to /login", async () => {
    for (const page of [
      "/dashboard",
      "/dashboard/driver",
      "/dashboard/team",
      "/dashboard/orders",
      "/dashboard/orders/RR-XXXXXXXX",
      "/avatars/anyone",
    ]) {
      const response = await fetch(`${site.url}${page}`, { redirect: "manual" });
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location"), page).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
    }
  });

  it("grants admin and links a driver from the command line, with clear messages", async () => {
    await post("/login", signUpBody("commander@example.com"));
    await site.server.stop();
    const env = { ...process.env, ...site.testDb.env, LOG_LEVEL: "silent" };
    const tsx = path.join(root, "node_modules/.bin/tsx");
    const cli = (...args: string[]) => run(tsx, ["scripts/user-admin.ts", ...args], { cwd: root, env });

    // Not before the account has two-factor on (ADR 0100).
    await expect(cli("grant-admin", "commander@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("has not turned on two-factor authentication, which every staff role needs."),
    });
    const beforeGrant = await openDatabase({ dataDir: site.testDb.dataDir, databaseUrl: site.testDb.databaseUrl, seed: false });
    try {
      const [person] = await beforeGrant.db.select({ id: users.id }).from(users).where(eq(users.email, "commander@example.com"));
      await beforeGrant.db
        .insert(twoFactors)
        .values({ id: `cli-authenticator-${person!.id}`, userId: person!.id, secret: "placeholder", backupCodes: "placeholder" });
      await beforeGrant.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, person!.id));
    } finally {
      await beforeGrant.close();
    }

    const granted = await cli("grant-admin", "commander@example.com");
    expect(granted.stdout.trim()).toMatch(/^Robin Racer <commander@example.com> is now an admin\. The back office is at \/admin\./);
    const linked = await cli("link-driver", "commander@example.com", "jack-pemberton");
    expect(linked.stdout).toContain("is now linked to the driver Jack Pemberton (jack-pemberton)");
    await expect(cli("grant-admin", "nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account uses the email address "nobody@example.com". Nothing was changed.'),
    });
    await expect(cli("grant-admin")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage:") });

    const database = await openDatabase({ dataDir: site.testDb.dataDir, databaseUrl: site.testDb.databaseUrl, seed: false });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.email, "commander@example.com"));
      expect(row).toMatchObject({ role: "driver", driverId: "jack-pemberton" });
      expect(await staffRolesOf(database.db, row!.id)).toEqual(["admin"]);
    } finally {
      await database.close();
    }
  });
});
