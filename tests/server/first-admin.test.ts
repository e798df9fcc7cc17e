import { and, eq, inArray } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.server";
import { auditEvents, staffRoleGrants, twoFactors } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { FIRST_ADMIN_MESSAGES, SETUP_ATTEMPT_LIMIT } from "../../app/features/admin/first-admin";
import { announceFirstAdminSetup, firstAdminSetupCode } from "../../app/features/admin/first-admin.server";
import { requireStaff } from "../../app/features/admin/staff.server";
import { grantAdmin } from "../../app/features/account/user-admin.server";
import { action, loader } from "../../app/routes/admin/setup";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, nextClientIp, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The first admin without a shell (ADR 0108), through the page's own loader and action, on
 * PGlite or on PostgreSQL (TEST_DATABASE_URL). On PostgreSQL the race is run from two database
 * handles, as two app processes sharing one database would.
 */

const suite = seededTestDatabase();
let auth: Auth;
let second: { handle: DatabaseHandle; auth: Auth } | null = null;

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  if (suite.testDb.databaseUrl) {
    const handle = await openDatabase({
      databaseUrl: suite.testDb.databaseUrl,
      dataDir: suite.testDb.dataDir,
      seed: false,
      migrate: false,
      onConnectionError: () => {},
    });
    second = { handle, auth: createTestAuth(handle.db) };
  }
});
afterAll(async () => {
  await second?.handle.close();
});

let counter = 0;
const person = (label: string) => signUpPerson(suite.db, auth, { email: `${label}-${++counter}@example.com`, name: `${label} ${counter}` });
/** Someone with two-factor on and no staff role. */
const withTwoFactor = async (label: string) => makeStaff(suite.db, await person(label), []);
const context = (db: Database = suite.db, withAuth: Auth = auth) => requestContext(db, withAuth, nextClientIp());
const code = () => firstAdminSetupCode(context());

const open = (who: TestPerson | null) =>
  run(() =>
    loader(
      routeArgs({
        request: get("/admin/setup", who ? { cookie: who.jar.header() } : {}),
        context: routerContextFor(context()),
        params: {},
      }) as never,
    ),
  );
const claim = (who: TestPerson | null, typed: string, on = { db: suite.db, auth }) =>
  run(() =>
    action(
      routeArgs({
        request: formPost("/admin/setup", { code: typed }, who ? { cookie: who.jar.header() } : {}),
        context: routerContextFor(context(on.db, on.auth)),
        params: {},
      }) as never,
    ),
  );

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("waitUntil: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const admins = () =>
  suite.db
    .select({ userId: staffRoleGrants.userId, twoFactorId: staffRoleGrants.twoFactorId })
    .from(staffRoleGrants)
    .where(eq(staffRoleGrants.role, "admin"));

beforeEach(async () => {
  // Each test starts on a site without an admin, as a fresh install is.
  await suite.db.delete(staffRoleGrants).where(eq(staffRoleGrants.role, "admin"));
});

describe("before there is an admin", () => {
  it("sends a guest to sign in and back", async () => {
    for (const outcome of [await open(null), await claim(null, code())]) {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe("/login?redirectTo=%2Fadmin%2Fsetup");
      expect(outcome.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("tells an account without two-factor to turn it on first, and grants nothing even with the right code", async () => {
    const someone = await makeStaff(suite.db, await person("no-2fa"), [], { twoFactor: false });
    const page = await open(someone);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ twoFactor: false });
    const outcome = await claim(someone, code());
    expect(outcome.status).toBe(409);
    expect(outcome.data).toEqual({ message: FIRST_ADMIN_MESSAGES.needsTwoFactor, outcome: "needs-two-factor" });
    expect(await admins()).toEqual([]);
  });

  it("refuses a wrong code, and one that cannot be a code, with a message and no admin", async () => {
    const someone = await withTwoFactor("guesser");
    expect((await open(someone)).data).toMatchObject({ twoFactor: true, email: someone.email });
    const wrong = await claim(someone, "7K2QM-4RX1Z-P0B9W-DHNT6");
    expect(wrong.status).toBe(403);
    expect(wrong.data).toEqual({ message: FIRST_ADMIN_MESSAGES.wrongCode, outcome: "refused" });
    for (const typed of ["", "admin", "'; drop table users; --", "x".repeat(5000)]) {
      const bad = await claim(someone, typed);
      expect(bad.status, typed.slice(0, 20)).toBe(400);
      expect(bad.data).toEqual({ message: FIRST_ADMIN_MESSAGES.codeFormat, outcome: "refused" });
    }
    // No code field at all, or a body that is not a form: still a message, never a 500.
    expect(
      (
        await run(() =>
          action(
            routeArgs({
              request: formPost("/admin/setup", {}, { cookie: someone.jar.header() }),
              context: routerContextFor(context()),
              params: {},
            }) as never,
          ),
        )
      ).status,
    ).toBe(400);
    const notAForm = new Request("http://localhost:3000/admin/setup", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", cookie: someone.jar.header() },
    });
    expect(
      (await run(() => action(routeArgs({ request: notAForm, context: routerContextFor(context()), params: {} }) as never))).status,
    ).toBe(400);
    expect(await admins()).toEqual([]);
  });

  it("limits the tries of one account, whatever address they come from", async () => {
    const someone = await withTwoFactor("hammer");
    for (let tries = 0; tries < SETUP_ATTEMPT_LIMIT.limit; tries++)
      expect((await claim(someone, "7K2QM-4RX1Z-P0B9W-DHNT6")).status).toBe(403);
    const limited = await claim(someone, code());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.data).toMatchObject({ outcome: "refused" });
    expect(await admins()).toEqual([]);
  });

  it("makes a two-factor account with the right code the admin, tied to its authenticator and audited", async () => {
    const first = await withTwoFactor("owner");
    // Typed as a person might: small letters, spaces instead of hyphens.
    const outcome = await claim(first, code().toLowerCase().replace(/-/g, " "));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin");
    const [authenticator] = await suite.db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, first.id));
    expect(await admins()).toEqual([{ userId: first.id, twoFactorId: authenticator!.id }]);
    const staff = await requireStaff(get("/admin/people", { cookie: first.jar.header() }), context(), "admin");
    expect(staff.roles).toEqual(["admin"]);
    const audit = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "user"), eq(auditEvents.entityId, first.id), eq(auditEvents.action, "staff_role.grant")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: first.id,
      actorLabel: `${first.name} <${first.email}>`,
      roleUsed: null,
      after: { staffRoles: ["admin"] },
    });
    expect(audit[0]!.reason).toMatch(/set-up code/);

    // Once: the same code, from anyone, now meets a closed page.
    const later = await withTwoFactor("latecomer");
    for (const who of [null, first, later]) {
      expect((await open(who)).status).toBe(404);
      expect((await claim(who, code())).status).toBe(404);
    }
    expect((await open(later)).headers.get("cache-control")).toBe("private, no-store");
    expect(await admins()).toHaveLength(1);
  });

  it("gives exactly one admin when two accounts claim at the same moment", async () => {
    const [a, b] = [await withTwoFactor("racer-a"), await withTwoFactor("racer-b")];
    if (!second) {
      // PGlite: one process, one connection; its transactions run one after the other.
      // The second finds the page closed (404), or the set-up done inside its transaction (409).
      const [won, lost] = (await Promise.all([claim(a, code()), claim(b, code())])).map((outcome) => outcome.status).sort();
      expect(won).toBe(302);
      expect([404, 409]).toContain(lost);
    } else {
      // PostgreSQL, two handles as two app processes. Writes to staff_roles are held back until
      // both claims are waiting on a lock, so both have passed the open-page check before either
      // has granted anything: only the claim's own lock can keep the second from granting too.
      const blocker = new pg.Client({ connectionString: suite.testDb.databaseUrl });
      await blocker.connect();
      try {
        await blocker.query("begin");
        await blocker.query("lock table staff_roles in share mode");
        const racing = Promise.all([claim(a, code()), claim(b, code(), { db: second.handle.db, auth: second.auth })]);
        await waitUntil(async () => {
          const { rows } = await blocker.query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0]!.waiting >= 2;
        });
        await blocker.query("commit");
        const outcomes = await racing;
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 409]);
        expect(outcomes.find((outcome) => outcome.status === 409)!.data).toEqual({
          message: FIRST_ADMIN_MESSAGES.alreadySetUp,
          outcome: "closed",
        });
      } finally {
        await blocker.end();
      }
    }
    const granted = await admins();
    expect(granted).toHaveLength(1);
    expect([a.id, b.id]).toContain(granted[0]!.userId);
    const audited = await suite.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "staff_role.grant"), inArray(auditEvents.entityId, [a.id, b.id])));
    expect(audited).toHaveLength(1);
  });

  it("takes the code from FIRST_ADMIN_CODE when it is set, and then not the derived one", async () => {
    const someone = await withTwoFactor("configured");
    const configured = { ...context(), firstAdminCode: "0123456789ABCDEF0123" };
    const send = (typed: string) =>
      run(() =>
        action(
          routeArgs({
            request: formPost("/admin/setup", { code: typed }, { cookie: someone.jar.header() }),
            context: routerContextFor({ ...configured, clientIp: nextClientIp() }),
            params: {},
          }) as never,
        ),
      );
    expect((await send(code())).status).toBe(403);
    expect((await send("0123 4567 89ab cdef 0123")).status).toBe(302);
    expect(await admins()).toEqual([expect.objectContaining({ userId: someone.id })]);
  });
});

describe("the command line", () => {
  it("still makes an admin, and the page closes", async () => {
    const someone = await withTwoFactor("cli");
    expect(await grantAdmin(suite.db, someone.email)).toMatchObject({ ok: true });
    expect((await open(someone)).status).toBe(404);
  });
});

describe("the log at start", () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, log: { warn: (line: string) => lines.push(line) } as unknown as Logger };
  };

  it("prints the code while there is no admin, and nothing once there is one", async () => {
    const before = capture();
    await announceFirstAdminSetup(suite.db, { appSecret: context().appSecret, publicUrl: "https://ridgeway-racing.example" }, before.log);
    expect(before.lines).toHaveLength(1);
    expect(before.lines[0]).toContain(code());
    expect(before.lines[0]).toContain("https://ridgeway-racing.example/admin/setup");

    const configured = capture();
    await announceFirstAdminSetup(suite.db, { appSecret: context().appSecret, firstAdminCode: "0123456789ABCDEF0123" }, configured.log);
    expect(configured.lines[0]).toContain("FIRST_ADMIN_CODE");
    expect(configured.lines[0]).not.toContain("0123456789ABCDEF0123");

    await makeStaff(suite.db, await person("existing-admin"), ["admin"]);
    const after = capture();
    await announceFirstAdminSetup(suite.db, { appSecret: context().appSecret }, after.log);
    expect(after.lines).toEqual([]);
  });
});
