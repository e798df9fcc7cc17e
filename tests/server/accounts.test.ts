import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { LOGIN_MESSAGES } from "../../app/features/account/login-form";
import { PASSWORD_MESSAGES } from "../../app/features/account/password-policy";
import { getOptionalUser, isSignedIn } from "../../app/features/account/session.server";
import { SESSION_LIMITS } from "../../app/features/account/session-limits";
import { grantAdmin, linkDriver } from "../../app/features/account/user-admin.server";
import { staffRolesOf } from "../../app/features/admin/staff.server";
import { AVATAR_MESSAGES } from "../../app/features/account/avatar";
import { loader as avatarLoader } from "../../app/routes/avatar";
import { action as checkoutAction } from "../../app/routes/checkout";
import { action as dashboardAction, loader as dashboardLoader } from "../../app/routes/dashboard";
import { loader as driverDashboardLoader } from "../../app/routes/dashboard-driver";
import { loader as layoutLoader } from "../../app/routes/dashboard-layout";
import { loader as orderLoader } from "../../app/routes/dashboard-order";
import { loader as ordersLoader } from "../../app/routes/dashboard-orders";
import { loader as teamDashboardLoader } from "../../app/routes/dashboard-team";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction } from "../../app/routes/logout";
import { CookieJar, createTestAuth, formPost, get, multipartPost, requestContext, run } from "../support/accounts";
import { enrolAuthenticator } from "../support/staff";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { DELIVERY_FIELDS } from "../support/delivery-fields";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

let testDb: TestDatabase;
let handle: DatabaseHandle;
let auth: Auth;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  auth = createTestAuth(handle.db);
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = "correct horse battery staple";
let clientCounter = 0;
/** Each test signs in from its own address, so the per-client limits of one test do not touch another. */
const newClientIp = () => `198.51.100.${++clientCounter}`;

// Route modules' own argument types carry more than these handlers read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const args = (request: Request, context: ReturnType<typeof requestContext>, params: Record<string, string> = {}): AnyArgs =>
  routeArgs({
    request,
    context: routerContextFor(context),
    params,
  });

interface SignUpFields {
  name?: string;
  email: string;
  role?: string;
  password?: string;
  rememberMe?: boolean;
}

async function signUp(fields: SignUpFields, clientIp = newClientIp()) {
  const body: Record<string, string> = {
    intent: "sign-up",
    name: fields.name ?? "Test Person",
    email: fields.email,
    password: fields.password ?? PASSWORD,
    role: fields.role ?? "team_member",
  };
  if (fields.rememberMe) body.rememberMe = "on";
  return run(() => loginAction(args(formPost("/login", body), requestContext(handle.db, auth, clientIp))));
}

async function signIn(email: string, password: string, { clientIp = newClientIp(), rememberMe = false, redirectTo = "" } = {}) {
  const body: Record<string, string> = { intent: "sign-in", email, password };
  if (rememberMe) body.rememberMe = "on";
  if (redirectTo) body.redirectTo = redirectTo;
  return run(() => loginAction(args(formPost("/login", body), requestContext(handle.db, auth, clientIp))));
}

/** Signs up, then signs in (a sign-up signs nobody in), and returns a cookie jar holding the new session. */
async function signedUp(fields: SignUpFields) {
  const outcome = await signUp(fields);
  expect(outcome.status).toBe(200);
  const signedIn = await signIn(fields.email, fields.password ?? PASSWORD, { rememberMe: fields.rememberMe });
  expect(signedIn.status).toBe(302);
  return new CookieJar().take(signedIn.setCookies);
}

const outbox = (to: string) => handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, to));

const messageOf = (data: unknown) => (data as { message: string }).message;
const userByEmail = async (email: string) => (await handle.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

function cookieLine(setCookies: string[], name: string): string {
  const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  expect(line, `a Set-Cookie for ${name}`).toBeDefined();
  return line!;
}

describe("sign-up", () => {
  it("creates a driver, signs nobody in and says to check the e-mail; signing in lands on the driver dashboard, for 30 days when remembered", async () => {
    const outcome = await signUp({ name: "Dana Driver", email: "Dana@Example.com", role: "driver", rememberMe: true });
    expect(outcome.status).toBe(200);
    expect(outcome.setCookies).toEqual([]);
    expect(outcome.data).toEqual({
      mode: "sign-in",
      tone: "success",
      message: LOGIN_MESSAGES.checkEmail,
      values: { name: "Dana Driver", email: "Dana@Example.com", role: "driver", rememberMe: true },
    });
    const user = await userByEmail("dana@example.com");
    expect(user).toMatchObject({ name: "Dana Driver", role: "driver", driverId: null, emailVerified: false });
    const [account] = await handle.db.select().from(schema.accounts).where(eq(schema.accounts.userId, user!.id));
    expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user!.id))).toEqual([]);
    expect((await outbox("dana@example.com")).map((mail) => mail.subject)).toEqual(["Confirm your Ridgeway Racing e-mail address"]);

    const signedIn = await signIn("dana@example.com", PASSWORD, { rememberMe: true });
    expect(signedIn.location).toBe("/dashboard/driver");
    const session = cookieLine(signedIn.setCookies, "ridgeway.session_token");
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(new RegExp(`; Max-Age=${SESSION_LIMITS.rememberedIdleSeconds}(;|$)`));
  });

  it("creates a team member who lands on the team dashboard, with a browser-session cookie when not remembered", async () => {
    expect((await signUp({ email: "tess@example.com", role: "team_member" })).status).toBe(200);
    const outcome = await signIn("tess@example.com", PASSWORD);
    expect(outcome.location).toBe("/dashboard/team");
    const session = cookieLine(outcome.setCookies, "ridgeway.session_token");
    expect(session).not.toMatch(/Max-Age/i);
    expect(session).not.toMatch(/Expires/i);
    expect((await userByEmail("tess@example.com"))!.role).toBe("team_member");
    const [row] = await handle.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, (await userByEmail("tess@example.com"))!.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - SESSION_LIMITS.notRememberedSeconds * 1000)).toBeLessThan(5_000);
  });

  it.each(["admin", "superuser", ""])("refuses the role %j with a 400 and creates nothing", async (role) => {
    const email = `role-${role || "empty"}@example.com`;
    const outcome = await signUp({ email, role });
    expect(outcome.status).toBe(400);
    expect(messageOf(outcome.data)).toBe(LOGIN_MESSAGES.roleInvalid);
    expect(outcome.setCookies).toEqual([]);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses 'admin' even when better-auth is called directly", async () => {
    await expect(
      auth.api.signUpEmail({ body: { name: "Sneaky", email: "sneaky@example.com", password: PASSWORD, role: "admin" } }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      auth.api.signUpEmail({
        body: { name: "Sneaky", email: "sneaky2@example.com", password: PASSWORD, driverId: "oliver-hartley" } as never,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await userByEmail("sneaky@example.com")).toBeUndefined();
    expect(await userByEmail("sneaky2@example.com")).toBeUndefined();
  });

  it("applies the password policy: length and the common-password list", async () => {
    expect(messageOf((await signUp({ email: "short@example.com", password: "short" })).data)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(messageOf((await signUp({ email: "long@example.com", password: "x".repeat(129) })).data)).toBe(PASSWORD_MESSAGES.tooLong);
    const common = await signUp({ email: "common@example.com", password: "password123" });
    expect(common.status).toBe(400);
    expect(messageOf(common.data)).toBe(PASSWORD_MESSAGES.common);
    expect(await userByEmail("common@example.com")).toBeUndefined();
  });

  it("answers an address that has an account exactly as a new one, and e-mails its owner instead", async () => {
    await signedUp({ name: "Twice Owner", email: "twice@example.com" });
    const fields = { name: "Second Try", role: "driver", password: "another long password here" };
    const existing = await signUp({ ...fields, email: "twice@example.com" });
    const fresh = await signUp({ ...fields, email: "once-only@example.com" });
    // Same status, headers and page data, but for the address each one typed.
    expect(existing.status).toBe(fresh.status);
    expect([...existing.headers]).toEqual([...fresh.headers]);
    expect(existing.setCookies).toEqual([]);
    expect(JSON.stringify(existing.data).replace("twice@", "X@")).toBe(JSON.stringify(fresh.data).replace("once-only@", "X@"));
    // Nothing about the account changed; its owner hears of the attempt, with ways in.
    expect(await userByEmail("twice@example.com")).toMatchObject({ name: "Twice Owner", role: "team_member" });
    expect((await signIn("twice@example.com", PASSWORD)).status).toBe(302);
    expect((await signIn("twice@example.com", fields.password)).status).toBe(401);
    const [notice] = (await outbox("twice@example.com")).filter((mail) => mail.subject === "You already have a Ridgeway Racing account");
    expect(notice!.textBody).toContain("Hello Twice Owner,");
    expect(notice!.textBody).toMatch(/http:\/\/localhost:3000\/login\b/);
    expect(notice!.textBody).toMatch(/http:\/\/localhost:3000\/forgot-password\b/);
    // At most three such e-mails an hour to one address, however many tries.
    for (let i = 0; i < 4; i += 1) expect((await signUp({ ...fields, email: "twice@example.com" })).status).toBe(200);
    expect((await outbox("twice@example.com")).filter((mail) => mail.subject.startsWith("You already have"))).toHaveLength(3);
  });
});

describe("sign-in", () => {
  beforeAll(async () => {
    await signedUp({ email: "sian@example.com", role: "driver" });
  });

  it("signs in a driver to the driver dashboard, or to the page that sent them", async () => {
    expect((await signIn("SIAN@example.com", PASSWORD)).location).toBe("/dashboard/driver");
    expect((await signIn("sian@example.com", PASSWORD, { redirectTo: "/dashboard/orders" })).location).toBe("/dashboard/orders");
    // Another site is never a destination.
    expect((await signIn("sian@example.com", PASSWORD, { redirectTo: "//evil.example/x" })).location).toBe("/dashboard/driver");
    expect((await signIn("sian@example.com", PASSWORD, { redirectTo: "https://evil.example" })).location).toBe("/dashboard/driver");
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrong = await signIn("sian@example.com", "not the password at all");
    const unknown = await signIn("nobody-here@example.com", PASSWORD);
    for (const outcome of [wrong, unknown]) {
      expect(outcome.status).toBe(401);
      expect(messageOf(outcome.data)).toBe(LOGIN_MESSAGES.invalidCredentials);
      expect(outcome.setCookies).toEqual([]);
    }
    expect((wrong.data as { values: { email: string } }).values.email).toBe("sian@example.com");
  });

  it("allows 3 attempts per 10 seconds from one client, then 429 until the next window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-03-01T10:00:00.000Z"));
    const clientIp = newClientIp();
    const attempts = [];
    for (let i = 0; i < 4; i += 1) attempts.push(await signIn("sian@example.com", "wrong password here", { clientIp }));
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 429]);
    expect(attempts[3]!.headers.get("Retry-After")).toBe("10");
    expect(messageOf(attempts[3]!.data)).toBe("Too many attempts. Please wait 10 seconds and try again.");
    // Even the right password waits.
    expect((await signIn("sian@example.com", PASSWORD, { clientIp })).status).toBe(429);
    // Another client is not affected.
    expect((await signIn("sian@example.com", PASSWORD)).status).toBe(302);
    vi.setSystemTime(new Date("2030-03-01T10:00:10.000Z"));
    expect((await signIn("sian@example.com", PASSWORD, { clientIp })).status).toBe(302);
  });

  it("caps failed sign-ins per e-mail at 10 an hour from one client address, the same for unknown e-mails", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = new Date("2030-03-02T10:00:00.000Z").getTime();
    vi.setSystemTime(now);
    await signedUp({ email: "target@example.com" });
    for (const email of ["target@example.com", "ghost@example.com"]) {
      const clientIp = newClientIp();
      for (let i = 0; i < 10; i += 1) {
        expect((await signIn(email, `guess number ${i}`, { clientIp })).status).toBe(401);
        now += 10_000; // past the per-client limit of 3 per 10 s
        vi.setSystemTime(now);
      }
      const capped = await signIn(email, PASSWORD, { clientIp });
      expect(capped.status).toBe(429);
      expect(messageOf(capped.data)).toMatch(
        /^Too many failed sign-in attempts for this email from your connection\. Try again in \d+ minutes?, or reset your password\.$/,
      );
    }
    // Other addresses are not locked out (docs/decisions/0041; tests/server/sign-in-throttle.test.ts).
    expect((await signIn("target@example.com", PASSWORD)).status).toBe(302);
    vi.setSystemTime(new Date("2030-03-02T11:00:00.000Z"));
    expect((await signIn("target@example.com", PASSWORD)).status).toBe(302);
  });

  it("limits sign-ups to 10 an hour from one client", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-03-03T10:00:00.000Z"));
    const clientIp = newClientIp();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signUp({ email: `burst-${i}@example.com` }, clientIp)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await userByEmail("burst-10@example.com")).toBeUndefined();
  });

  it("sends a signed-in visitor away from /login", async () => {
    const jar = await signedUp({ email: "already@example.com" });
    const outcome = await run(() => loginLoader(args(get("/login", { cookie: jar.header() }), requestContext(handle.db, auth))));
    expect(outcome).toMatchObject({ status: 302, location: "/" });
  });
});

describe("sessions", () => {
  it("signing out ends the session in the database and clears the cookies", async () => {
    const jar = await signedUp({ email: "leaving@example.com", rememberMe: true });
    const context = requestContext(handle.db, auth);
    expect(await getOptionalUser(get("/", { cookie: jar.header() }), context)).toMatchObject({ email: "leaving@example.com" });
    const out = await run(() => logoutAction(args(formPost("/logout", {}, { cookie: jar.header() }), requestContext(handle.db, auth))));
    expect(out).toMatchObject({ status: 302, location: "/login" });
    const user = await userByEmail("leaving@example.com");
    expect(await handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user!.id))).toEqual([]);
    const stale = jar.header();
    jar.take(out.setCookies);
    expect(jar.has("ridgeway.session_token")).toBe(false);
    // The old cookie, replayed, is worth nothing.
    expect(await getOptionalUser(get("/", { cookie: stale }), requestContext(handle.db, auth))).toBeNull();
  });

  it("ends a remembered session 90 days after sign-in, however recently it was used", async () => {
    const jar = await signedUp({ email: "veteran@example.com", rememberMe: true });
    const user = await userByEmail("veteran@example.com");
    const longAgo = new Date(Date.now() - (SESSION_LIMITS.absoluteSeconds + 60) * 1000);
    await handle.db.update(schema.sessions).set({ createdAt: longAgo }).where(eq(schema.sessions.userId, user!.id));
    const context = requestContext(handle.db, auth);
    expect(await getOptionalUser(get("/", { cookie: jar.header() }), context)).toBeNull();
    expect(await handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user!.id))).toEqual([]);
    expect(context.setCookies.some((cookie) => /^ridgeway\.session_token=;/.test(cookie) || /Max-Age=0/.test(cookie))).toBe(true);
  });

  it("extends a remembered session used more than a day after it was last extended (sliding 30 days)", async () => {
    const jar = await signedUp({ email: "regular@example.com", rememberMe: true });
    const user = await userByEmail("regular@example.com");
    const soon = new Date(Date.now() + 20 * 24 * 3600 * 1000);
    await handle.db.update(schema.sessions).set({ expiresAt: soon }).where(eq(schema.sessions.userId, user!.id));
    const context = requestContext(handle.db, auth);
    expect(await getOptionalUser(get("/", { cookie: jar.header() }), context)).not.toBeNull();
    const [row] = await handle.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user!.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(context.setCookies.some((cookie) => cookie.startsWith("ridgeway.session_token=") && /Max-Age=2592000/.test(cookie))).toBe(true);
  });

  it("reads the session once per request, whatever number of loaders ask", async () => {
    const jar = await signedUp({ email: "once@example.com" });
    const spy = vi.spyOn(auth.api, "getSession");
    const context = requestContext(handle.db, auth);
    const request = get("/dashboard", { cookie: jar.header() });
    await Promise.all([getOptionalUser(request, context), getOptionalUser(request, context), getOptionalUser(request, context)]);
    expect(spy).toHaveBeenCalledTimes(1);
    // No session cookie, no lookup at all.
    await getOptionalUser(get("/"), requestContext(handle.db, auth));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("marks a page made for its visitor when it asks who they are, or finds their session gone, not when it asks only whether (ADR 0090)", async () => {
    const jar = await signedUp({ email: "header-only@example.com" });
    const headerOnly = requestContext(handle.db, auth);
    expect(await isSignedIn(get("/", { cookie: jar.header() }), headerOnly)).toBe(true);
    expect(headerOnly.madeForVisitor).toBeUndefined();

    const asked = requestContext(handle.db, auth);
    await getOptionalUser(get("/", { cookie: jar.header() }), asked);
    expect(asked.madeForVisitor).toBe(true);

    const gone = requestContext(handle.db, auth);
    expect(await isSignedIn(get("/", { cookie: "ridgeway.session_token=ended.session" }), gone)).toBe(false);
    expect(gone.madeForVisitor).toBe(true);
    const nobody = requestContext(handle.db, auth);
    expect(await isSignedIn(get("/"), nobody)).toBe(false);
    expect(nobody.madeForVisitor).toBeUndefined();
  });
});

describe("the guard", () => {
  const protectedPages: [string, (a: AnyArgs) => unknown, Record<string, string>][] = [
    ["/dashboard", layoutLoader, {}],
    ["/dashboard", dashboardLoader, {}],
    ["/dashboard/driver", driverDashboardLoader, {}],
    ["/dashboard/team", teamDashboardLoader, {}],
    ["/dashboard/orders", ordersLoader, {}],
    ["/dashboard/orders/RR-ABCDEFGH", orderLoader, { orderNumber: "RR-ABCDEFGH" }],
    ["/avatars/someone", avatarLoader, { userId: "someone" }],
  ];

  it.each(protectedPages)("sends a visitor without a session from %s to /login and back", async (path, loader, params) => {
    const outcome = await run(() => loader(args(get(`${path}?from=test`), requestContext(handle.db, auth), params)));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?from=test`)}`);
  });

  it("refuses the profile action without a session, changing nothing", async () => {
    const form = new FormData();
    form.set("intent", "update-profile");
    form.set("name", "Intruder");
    const outcome = await run(async () => dashboardAction(args(await multipartPost("/dashboard", form), requestContext(handle.db, auth))));
    expect(outcome).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard" });
    expect(await handle.db.select().from(schema.users).where(eq(schema.users.name, "Intruder"))).toEqual([]);
  });

  it("sends someone with another role to their own dashboard, which says why", async () => {
    const driver = await signedUp({ email: "role-driver@example.com", role: "driver" });
    const member = await signedUp({ email: "role-member@example.com", role: "team_member" });
    const as = (jar: CookieJar, path: string) => args(get(path, { cookie: jar.header() }), requestContext(handle.db, auth));
    expect(await run(() => teamDashboardLoader(as(driver, "/dashboard/team")))).toMatchObject({
      status: 302,
      location: "/dashboard/driver?not-for=team_member",
    });
    expect(await run(() => driverDashboardLoader(as(member, "/dashboard/driver")))).toMatchObject({
      status: 302,
      location: "/dashboard/team?not-for=driver",
    });
    const told = await run(() => driverDashboardLoader(as(driver, "/dashboard/driver?not-for=team_member")));
    expect(told.status).toBe(200);
    expect(JSON.stringify(told.data)).toContain("The Team Dashboard is for team member accounts.");
    expect((await run(() => driverDashboardLoader(as(driver, "/dashboard/driver")))).status).toBe(200);
    expect((await run(() => teamDashboardLoader(as(member, "/dashboard/team")))).status).toBe(200);
  });
});

describe("the driver dashboard", () => {
  it("shows the linked driver's own season, and says so when the account is not linked", async () => {
    const jar = await signedUp({ email: "linked@example.com", role: "driver" });
    const load = () =>
      run(() => driverDashboardLoader(args(get("/dashboard/driver", { cookie: jar.header() }), requestContext(handle.db, auth))));
    expect(((await load()).data as { driver: unknown }).driver).toBeNull();
    expect(await linkDriver(handle.db, "linked@example.com", "sophie-marsh")).toMatchObject({ ok: true });
    const data = (await load()).data as { driver: { id: string; season: { total: number } }; seasonYear: number };
    expect(data.driver.id).toBe("sophie-marsh");
    expect(data.seasonYear).toBe(2025);
    expect(data.driver.season.total).toBeGreaterThan(0);
  });
});

describe("orders and profiles belong to their owner", () => {
  async function checkout(jar: CookieJar | null, email: string) {
    const body = new URLSearchParams({ productId: "1", size: "One Size", quantity: "1", name: "Owner", email, ...DELIVERY_FIELDS });
    const request = new Request("http://localhost:3000/checkout", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(jar ? { cookie: jar.header() } : {}) },
    });
    const outcome = await run(() => checkoutAction(args(request, requestContext(handle.db, auth))));
    expect(outcome.status).toBe(302);
    const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.customerEmail, email));
    return order!;
  }

  it("records who placed an order, lists it for them only and answers 404 to anyone else", async () => {
    const alice = await signedUp({ email: "alice@example.com" });
    const bob = await signedUp({ email: "bob@example.com" });
    const aliceOrder = await checkout(alice, "alice-order@example.com");
    const guestOrder = await checkout(null, "guest-order@example.com");
    expect(aliceOrder.userId).toBe((await userByEmail("alice@example.com"))!.id);
    expect(guestOrder.userId).toBeNull();

    const as = (jar: CookieJar, path: string, params: Record<string, string> = {}) =>
      args(get(path, { cookie: jar.header() }), requestContext(handle.db, auth), params);
    const aliceList = (await run(() => ordersLoader(as(alice, "/dashboard/orders")))).data as { orders: { orderNumber: string }[] };
    const bobList = (await run(() => ordersLoader(as(bob, "/dashboard/orders")))).data as { orders: unknown[] };
    expect(aliceList.orders.map((order) => order.orderNumber)).toEqual([aliceOrder.orderNumber]);
    expect(bobList.orders).toEqual([]);

    const path = `/dashboard/orders/${aliceOrder.orderNumber}`;
    const mine = await run(() => orderLoader(as(alice, path, { orderNumber: aliceOrder.orderNumber })));
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ order: { orderNumber: aliceOrder.orderNumber, totalPence: aliceOrder.totalPence } });
    expect((await run(() => orderLoader(as(bob, path, { orderNumber: aliceOrder.orderNumber })))).status).toBe(404);
    // A guest order has no owner to match.
    expect((await run(() => orderLoader(as(bob, "/x", { orderNumber: guestOrder.orderNumber })))).status).toBe(404);
  });

  it("serves an avatar to its owner only", async () => {
    const owner = await signedUp({ email: "avatar-owner@example.com" });
    const other = await signedUp({ email: "avatar-other@example.com" });
    const form = new FormData();
    form.set("intent", "update-profile");
    form.set("name", "Avatar Owner");
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c8102e" } })
      .png()
      .toBuffer();
    form.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const saved = await run(async () =>
      dashboardAction(args(await multipartPost("/dashboard", form, { cookie: owner.header() }), requestContext(handle.db, auth))),
    );
    expect(saved).toMatchObject({ status: 302, location: "/dashboard?saved" });
    const user = await userByEmail("avatar-owner@example.com");
    expect(user!.image).toMatch(new RegExp(`^/avatars/${user!.id}\\?v=[\\w-]+$`));

    const fetchAvatar = (jar: CookieJar) =>
      run(() => avatarLoader(args(get(user!.image!, { cookie: jar.header() }), requestContext(handle.db, auth), { userId: user!.id })));
    const served = await fetchAvatar(owner);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await fetchAvatar(other)).status).toBe(404);
  });
});

describe("editing the profile", () => {
  async function save(jar: CookieJar, fields: { name: string; avatar?: File }) {
    const form = new FormData();
    form.set("intent", "update-profile");
    form.set("name", fields.name);
    if (fields.avatar) form.set("avatar", fields.avatar);
    else form.set("avatar", new File([], "", { type: "application/octet-stream" }));
    return run(async () =>
      dashboardAction(args(await multipartPost("/dashboard", form, { cookie: jar.header() }), requestContext(handle.db, auth))),
    );
  }

  it("changes the name, and refuses a blank one keeping edit mode", async () => {
    const jar = await signedUp({ name: "Old Name", email: "editor@example.com" });
    expect(await save(jar, { name: "  New   Name " })).toMatchObject({ status: 302, location: "/dashboard?saved" });
    expect((await userByEmail("editor@example.com"))!.name).toBe("New Name");
    const blank = await save(jar, { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({ message: LOGIN_MESSAGES.nameRequired });
    expect((await userByEmail("editor@example.com"))!.name).toBe("New Name");
  });

  it("refuses a file that is not a picture, or a picture in another format, and keeps the old avatar", async () => {
    const jar = await signedUp({ email: "uploader@example.com" });
    const text = new File(["<svg onload=alert(1)>"], "evil.png", { type: "image/png" });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    for (const avatar of [text, new File([new Uint8Array(gif)], "a.gif", { type: "image/gif" })]) {
      const outcome = await save(jar, { name: "Uploader", avatar });
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ message: AVATAR_MESSAGES.notImage, name: "Uploader" });
    }
    expect((await userByEmail("uploader@example.com"))!.image).toBeNull();
  });

  it("re-encodes an upload as a 256-pixel square WebP, upright and without metadata", async () => {
    const jar = await signedUp({ email: "photo@example.com" });
    // A tall JPEG with EXIF orientation 6 (to be turned 90°) and a comment.
    const jpeg = await sharp({ create: { width: 300, height: 600, channels: 3, background: "#123456" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: "secret place" } } })
      .toBuffer();
    expect(await save(jar, { name: "Photo", avatar: new File([new Uint8Array(jpeg)], "p.jpg", { type: "image/jpeg" }) })).toMatchObject({
      status: 302,
    });
    const user = await userByEmail("photo@example.com");
    const [stored] = await handle.db.select().from(schema.avatars).where(eq(schema.avatars.userId, user!.id));
    const meta = await sharp(stored!.data).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("refuses an upload over 5 MB before reading it", async () => {
    const jar = await signedUp({ email: "big@example.com" });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const outcome = await save(jar, { name: "Big", avatar: big });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ message: AVATAR_MESSAGES.tooLarge });
  });
});

describe("admin commands", () => {
  it("grant admin and link a driver by e-mail, and say clearly when nothing matches", async () => {
    const jar = await signedUp({ email: "boss@example.com" });
    // Not before two-factor is on: whoever knew the password could otherwise turn it on and be admin (ADR 0100).
    expect(await grantAdmin(handle.db, " Boss@Example.com ")).toEqual({
      ok: false,
      message:
        "Test Person <boss@example.com> has not turned on two-factor authentication, which every staff role needs. " +
        "They sign in, turn it on at Dashboard → Security, then you run this again. Nothing was changed.",
    });
    expect(await staffRolesOf(handle.db, (await userByEmail("boss@example.com"))!.id)).toEqual([]);
    await enrolAuthenticator(auth, { id: "", email: "boss@example.com", name: "Test Person", jar }, PASSWORD);
    expect(await grantAdmin(handle.db, " Boss@Example.com ")).toEqual({
      ok: true,
      message: "Test Person <boss@example.com> is now an admin. The back office is at /admin.",
    });
    const boss = (await userByEmail("boss@example.com"))!;
    expect(boss.role).toBe("team_member");
    expect(await staffRolesOf(handle.db, boss.id)).toEqual(["admin"]);
    expect((await grantAdmin(handle.db, "boss@example.com")).message).toMatch(/^Test Person <boss@example.com> is already an admin\./);
    expect(await grantAdmin(handle.db, "missing@example.com")).toEqual({
      ok: false,
      message: 'No account uses the email address "missing@example.com". Nothing was changed.',
    });
    expect(await linkDriver(handle.db, "missing@example.com", "oliver-hartley")).toMatchObject({ ok: false });
    const unknownDriver = await linkDriver(handle.db, "boss@example.com", "nobody");
    expect(unknownDriver.ok).toBe(false);
    expect(unknownDriver.message).toMatch(/^No driver has the id "nobody"\. Known driver ids: oliver-hartley, /);
    expect((await linkDriver(handle.db, "boss@example.com", "oliver-hartley")).message).toMatch(/role is "team_member"/);
  });
});
