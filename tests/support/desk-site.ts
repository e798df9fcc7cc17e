import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { freshCode, prepareStaff, signInOverHttp, type PreparedStaff } from "./prepared-staff";
import { startServer, type ServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { freePort } from "./free-port";

/*
 * What the back-office browser specs share. The back office needs staff with two-factor, which
 * the shared e2e server has not got, so each desk spec runs a site of its own: a fresh database
 * (PGlite, or PostgreSQL when TEST_DATABASE_URL is set, as CI does for the desk journeys), its
 * staff made before the server starts, and the production server on a free port.
 */

export interface DeskSite {
  /** http://127.0.0.1:<port>, also the site's PUBLIC_URL (links in e-mails point here). */
  url: string;
  testDb: TestDatabase;
  /** The server's settings, for a command run against the same database (`run` with this env). */
  env: Record<string, string>;
  server: ServerProcess;
  /** Stops the server (a command may then open the embedded database), and starts it again. */
  restart(between?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface StaffMember {
  email: string;
  name?: string;
  roles: readonly StaffRole[];
}

/**
 * A site with the given staff (each with two-factor on and the roles listed). `serverEnv` adds
 * settings for the server only (a long page cache, say).
 */
export async function startDeskSite<const Staff extends readonly StaffMember[] = []>({
  staff,
  serverEnv = {},
  prepare,
}: {
  staff?: Staff;
  serverEnv?: Record<string, string>;
  /** Runs on the new database before the server first starts (the embedded one allows one process). */
  prepare?: (testDb: TestDatabase) => Promise<void>;
} = {}): Promise<{ site: DeskSite; staff: { [K in keyof Staff]: PreparedStaff } }> {
  const testDb = await createTestDatabase();
  await prepare?.(testDb);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...testDb.env,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: url,
    PORT: String(port),
    // As behind the production proxy: each browser test's requests carry its own address in
    // X-Forwarded-For (hydrated-test.ts), so the per-client limits count one test's requests.
    TRUST_PROXY: "true",
  };
  const prepared: PreparedStaff[] = [];
  for (const person of staff ?? []) {
    prepared.push(await prepareStaff(testDb, { ...person, secret: env.AUTH_SECRET!, publicUrl: url }));
  }
  // startServer reads the "listening on" line, logged at the info level.
  const start = () => startServer({ ...env, ...serverEnv, LOG_LEVEL: "info" }, { timeoutMs: 120_000 });
  const site: DeskSite = {
    url,
    testDb,
    env,
    server: await start(),
    async restart(between) {
      await site.server.stop();
      await between?.();
      site.server = await start();
    },
    async close() {
      await site.server.stop();
      await testDb.drop();
    },
  };
  return { site, staff: prepared as { [K in keyof Staff]: PreparedStaff } };
}

/** Signs in with the password and a fresh authenticator code, and lands on `next`. */
export async function signInAsStaff(page: Page, site: DeskSite, staff: PreparedStaff, next = "/admin") {
  await page.goto(`${site.url}/login?redirectTo=${encodeURIComponent(next)}`);
  const form = page.locator("main form");
  await form.getByLabel("Email", { exact: true }).fill(staff.email);
  await form.getByLabel("Password", { exact: true }).fill(staff.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel("Authentication Code").fill(await freshCode(staff.totpSecret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, "\\$&")}$`));
}

/** A prepared session is used while its step-up (ten minutes, ADR 0100) has this long left at least. */
const SESSION_MARGIN_MS = 2 * 60_000;
const STEP_UP_MS = 10 * 60_000;

/**
 * Opens `next` as the staff member, signed in without the sign-in pages, as Epic Stack's `login`
 * fixture does: the browser gets the cookies of one of the sessions prepareStaff made with
 * better-auth before the server started (two-factor on, step-up fresh). Once those are used up,
 * or their step-up is too old, it signs in over HTTP with the password and a fresh code, as the
 * two pages would, and takes that session's cookies. For tests that are not about signing in;
 * signInAsStaff goes through the pages.
 */
export async function openAsStaff(page: Page, site: DeskSite, staff: PreparedStaff, next = "/admin") {
  const fresh = staff.sessions.findIndex(({ confirmedAt }) => Date.now() - confirmedAt < STEP_UP_MS - SESSION_MARGIN_MS);
  const cookies =
    fresh >= 0
      ? staff.sessions.splice(fresh, 1)[0]!.cookies
      : (await signInOverHttp(site.url, staff)).split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1) };
        });
  await page.context().addCookies(cookies.map(({ name, value }) => ({ name, value, url: site.url })));
  await page.goto(`${site.url}${next}`);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, "\\$&")}$`));
}
