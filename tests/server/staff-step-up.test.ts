import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, newsletterIssues, orderRefunds, orders, siteSettings, staffRoleGrants } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { TWO_FACTOR_MESSAGES } from "../../app/features/account/two-factor-form";
import { STEP_UP_FIELDS, STEP_UP_MESSAGES, type StepUpPrompt } from "../../app/features/admin/step-up";
import * as newsletterPage from "../../app/routes/admin/newsletter-issue";
import * as orderPage from "../../app/routes/admin/order";
import * as peoplePage from "../../app/routes/admin/people";
import * as settingsPage from "../../app/routes/admin/settings";
import { action as loginAction } from "../../app/routes/login";
import { action as twoFactorAction } from "../../app/routes/login-two-factor";
import { CookieJar, createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { insertConfirmedSubscribers } from "../support/newsletter-subscribers";
import { freshCode, STAFF_PASSWORD } from "../support/prepared-staff";
import { paidOrder } from "../support/shop-orders";
import { enrolAuthenticator, makeStaff, setStepUp, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The step-up before sensitive back-office changes (ADR 0100): a session whose staff member last
 * confirmed it was them more than ten minutes ago is refused with the "Confirm it's you" prompt,
 * which carries the form; the same form with a fresh authenticator code (or the password) makes
 * the change. Codes work once; signing in with a code counts as a confirmation; the time is the
 * session's own.
 */

const suite = seededTestDatabase();
let auth: Auth;
let admin: TestPerson;
let adminSecret: string;
let people = 0;
let clients = 0;
// Each request from its own address: the per-address limit of the two-factor forms is tested elsewhere.
const context = () => ({ ...requestContext(suite.db, auth, `198.51.100.${(++clients % 250) + 1}`), requestId: "req-step-up" });
const person = (label: string) => signUpPerson(suite.db, auth, { email: `${label}-${++people}@example.com`, name: `${label} ${people}` });
const elevenMinutesAgo = () => new Date(Date.now() - 11 * 60_000);

type RouteAction = (args: never) => unknown;
const post = (
  module: { action: RouteAction },
  who: TestPerson | CookieJar,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) => {
  const cookie = who instanceof CookieJar ? who.header() : who.jar.header();
  return run(() =>
    module.action(routeArgs({ request: formPost(path, fields, { cookie }), context: routerContextFor(context()), params }) as never),
  );
};
const promptOf = (outcome: { data: unknown }) => (outcome.data as { stepUp?: StepUpPrompt }).stepUp;
const confirmations = () =>
  suite.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "step_up.confirm"), eq(auditEvents.actorUserId, admin.id)))
    .orderBy(auditEvents.id);

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  await insertConfirmedSubscribers(suite.db, 2);
});

beforeEach(async () => {
  // An admin of their own for each test: an authenticator gives one code per 30 seconds.
  admin = await person("step-up-admin");
  adminSecret = await enrolAuthenticator(auth, admin);
  await makeStaff(suite.db, admin, ["admin"]);
  // Signed in with a code more than ten minutes ago.
  await setStepUp(suite.db, admin, elevenMinutesAgo());
});

interface Sensitive {
  name: string;
  module: { action: RouteAction };
  /** The form, where it goes, and how to tell that the change was made. */
  prepare(): Promise<{
    path: string;
    params?: Record<string, string>;
    fields: Record<string, string>;
    summary: string;
    made(): Promise<boolean>;
  }>;
}

let keys = 0;
const requestKey = () => `step-up-test-key-${String(++keys).padStart(6, "0")}`;

const SENSITIVE: Sensitive[] = [
  {
    name: "giving a staff role",
    module: peoplePage,
    async prepare() {
      const newcomer = await makeStaff(suite.db, await person("newcomer"), []);
      return {
        path: "/admin/people",
        fields: { intent: "grant-role", userId: newcomer.id, role: "admin", reason: "Runs the team" },
        summary: `Give ${newcomer.name} <${newcomer.email}> the Admin role`,
        made: async () => (await suite.db.select().from(staffRoleGrants).where(eq(staffRoleGrants.userId, newcomer.id))).length === 1,
      };
    },
  },
  {
    name: "removing a staff role",
    module: peoplePage,
    async prepare() {
      const editor = await makeStaff(suite.db, await person("leaving-editor"), ["editor"]);
      return {
        path: "/admin/people",
        fields: { intent: "remove-role", userId: editor.id, role: "editor" },
        summary: `Remove the Editor role from ${editor.name} <${editor.email}>`,
        made: async () => (await suite.db.select().from(staffRoleGrants).where(eq(staffRoleGrants.userId, editor.id))).length === 0,
      };
    },
  },
  {
    name: "changing the site settings",
    module: settingsPage,
    async prepare() {
      const [row] = await suite.db.select().from(siteSettings);
      const email = `team-${++keys}@ridgeway-racing.example`;
      return {
        path: "/admin/settings",
        fields: {
          intent: "save",
          version: String(row!.version),
          email,
          phone: "+44 1632 960 999",
          address: "Swindon, Wiltshire, UK",
          officeHours: "Monday - Friday: 8:00 AM - 5:00 PM",
          joinTheTeamUrl: "https://forms.ridgeway-racing.example/join",
          "social.Instagram": "https://instagram.example/ridgeway",
        },
        summary: "Change the site settings",
        made: async () => (await suite.db.select().from(siteSettings))[0]!.email === email,
      };
    },
  },
  {
    name: "refunding an order",
    module: orderPage,
    async prepare() {
      const order = await paidOrder(suite.db);
      return {
        path: `/admin/orders/${order.orderNumber}`,
        params: { orderNumber: order.orderNumber },
        fields: { intent: "refund", requestKey: requestKey(), mode: "amount", amount: "1.50", reason: "Goodwill", confirm: "yes" },
        summary: `Refund money on order ${order.orderNumber}`,
        made: async () => (await suite.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).length === 1,
      };
    },
  },
  {
    name: "cancelling a paid order (which refunds it)",
    module: orderPage,
    async prepare() {
      const order = await paidOrder(suite.db);
      return {
        path: `/admin/orders/${order.orderNumber}`,
        params: { orderNumber: order.orderNumber },
        fields: { intent: "cancel", version: String(order.version), requestKey: requestKey() },
        summary: `Cancel and refund order ${order.orderNumber}`,
        made: async () => (await suite.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status === "cancelled",
      };
    },
  },
  ...(["send", "schedule"] as const).map((intent): Sensitive => ({
    name: `${intent === "send" ? "sending" : "scheduling"} a newsletter`,
    module: newsletterPage,
    async prepare() {
      // Writing an issue needs no step-up: only letting it go out does.
      const subject = `Race week ${++keys}`;
      const created = await post(newsletterPage, admin, "/admin/newsletters/new", { intent: "save", subject, body: "Hello." });
      expect(created.status).toBe(302);
      const id = created.location!.split("/").pop()!.split("?")[0]!;
      return {
        path: `/admin/newsletters/${id}`,
        params: { issueId: id },
        fields: { intent, version: "1", ...(intent === "schedule" ? { sendAt: "2099-07-01T10:00" } : {}) },
        summary: `${intent === "send" ? "Send" : "Schedule"} the newsletter “${subject}” to every confirmed subscriber`,
        made: async () => (await suite.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!.status !== "draft",
      };
    },
  })),
];

describe.each(SENSITIVE)("$name", ({ module, prepare }) => {
  it("is refused with the confirm prompt when the last confirmation is over ten minutes old; a fresh code makes it", async () => {
    const { path, params, fields, summary, made } = await prepare();
    const before = (await confirmations()).length;

    const refused = await post(module, admin, path, fields, params);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(refused.data).toEqual({ message: STEP_UP_MESSAGES.required, stepUp: { summary, fields: Object.entries(fields), error: null } });
    expect(await made()).toBe(false);

    // The prompt sends the same fields again, with the code.
    const confirmed = await post(module, admin, path, { ...fields, [STEP_UP_FIELDS.code]: await freshCode(adminSecret) }, params);
    expect([200, 302]).toContain(confirmed.status);
    expect(confirmed.data).not.toMatchObject({ tone: "error" });
    expect(await made()).toBe(true);
    const audit = await confirmations();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ entityType: "user", entityId: admin.id, after: { method: "totp" }, reason: summary });
  });
});

describe("the confirmation", () => {
  it("covers the next ten minutes", async () => {
    const { path, fields, made } = await SENSITIVE[0]!.prepare();
    expect((await post(peoplePage, admin, path, fields)).status).toBe(403);
    const confirmed = await post(peoplePage, admin, path, { ...fields, [STEP_UP_FIELDS.code]: await freshCode(adminSecret) });
    expect(confirmed.status).toBe(200);
    expect(await made()).toBe(true);
    const next = await SENSITIVE[0]!.prepare();
    expect((await post(peoplePage, admin, next.path, next.fields)).status).toBe(200);
    expect(await next.made()).toBe(true);
  });

  it("takes each code once: a code that confirmed cannot confirm again", async () => {
    const code = await freshCode(adminSecret);
    const first = await SENSITIVE[0]!.prepare();
    expect((await post(peoplePage, admin, first.path, { ...first.fields, [STEP_UP_FIELDS.code]: code })).status).toBe(200);
    expect(await first.made()).toBe(true);

    await setStepUp(suite.db, admin, elevenMinutesAgo());
    const replay = await SENSITIVE[0]!.prepare();
    const refused = await post(peoplePage, admin, replay.path, { ...replay.fields, [STEP_UP_FIELDS.code]: code });
    expect(refused.status).toBe(403);
    expect(promptOf(refused)).toEqual({
      summary: replay.summary,
      fields: Object.entries(replay.fields),
      error: TWO_FACTOR_MESSAGES.stepUpCodeUsed,
    });
    expect(await replay.made()).toBe(false);
  });

  it("takes the password instead of a code; a wrong one or a wrong code is refused, and neither is sent back", async () => {
    const change = await SENSITIVE[0]!.prepare();
    const wrongPassword = await post(peoplePage, admin, change.path, {
      ...change.fields,
      [STEP_UP_FIELDS.password]: "not my password at all",
    });
    expect(wrongPassword.status).toBe(403);
    expect(promptOf(wrongPassword)).toEqual({
      summary: change.summary,
      fields: Object.entries(change.fields),
      error: TWO_FACTOR_MESSAGES.wrongPassword,
    });
    const wrongCode = await post(peoplePage, admin, change.path, { ...change.fields, [STEP_UP_FIELDS.code]: "000000" });
    expect(promptOf(wrongCode)?.error).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const empty = await post(peoplePage, admin, change.path, {
      ...change.fields,
      [STEP_UP_FIELDS.code]: "",
      [STEP_UP_FIELDS.password]: "",
    });
    expect(promptOf(empty)?.error).toBe(STEP_UP_MESSAGES.missing);
    expect(await change.made()).toBe(false);

    const confirmed = await post(peoplePage, admin, change.path, { ...change.fields, [STEP_UP_FIELDS.password]: STAFF_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(await change.made()).toBe(true);
    expect((await confirmations()).at(-1)).toMatchObject({ after: { method: "password" } });
  });

  it("stops taking codes from a person after ten wrong ones in a quarter of an hour", async () => {
    const change = await SENSITIVE[0]!.prepare();
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await post(peoplePage, admin, change.path, { ...change.fields, [STEP_UP_FIELDS.code]: "000000" });
      expect(promptOf(wrong)?.error).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    }
    const limited = await post(peoplePage, admin, change.path, { ...change.fields, [STEP_UP_FIELDS.code]: await freshCode(adminSecret) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await change.made()).toBe(false);
  });

  it("is fresh after signing in with the password and a code, for that session only", async () => {
    const clientIp = "198.51.100.251";
    const password = await run(() =>
      loginAction(
        routeArgs({
          request: formPost("/login", { intent: "sign-in", email: admin.email, password: STAFF_PASSWORD }),
          context: routerContextFor(requestContext(suite.db, auth, clientIp)),
          params: {},
        }) as never,
      ),
    );
    expect(password.location).toBe("/login/two-factor");
    const jar = new CookieJar().take(password.setCookies);
    const code = await freshCode(adminSecret);
    const signedIn = await run(() =>
      twoFactorAction(
        routeArgs({
          request: formPost("/login/two-factor", { method: "totp", code }, { cookie: jar.header() }),
          context: routerContextFor(requestContext(suite.db, auth, clientIp)),
          params: {},
        }) as never,
      ),
    );
    expect(signedIn.status).toBe(302);
    jar.take(signedIn.setCookies);

    const change = await SENSITIVE[0]!.prepare();
    expect((await post(peoplePage, jar, change.path, change.fields)).status).toBe(200);
    expect(await change.made()).toBe(true);

    // The admin's other browser, signed in long ago, is not covered by this sign-in.
    const elsewhere = await SENSITIVE[0]!.prepare();
    expect((await post(peoplePage, admin, elsewhere.path, elsewhere.fields)).status).toBe(403);
    expect(await elsewhere.made()).toBe(false);
  });
});
