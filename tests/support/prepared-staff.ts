import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../db/client.server";
import { sessions, staffRoleGrants, twoFactors } from "../../db/schema";
import { createAuth } from "../../app/features/account/auth.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";

export const STAFF_PASSWORD = "correct horse battery staple";

/** What a prepared staff member signs in with. */
export interface PreparedStaff {
  name: string;
  email: string;
  password: string;
  /** The authenticator app's key: freshCode() turns it into a code the server has not seen. */
  totpSecret: string;
  /**
   * Sessions made with the staff member before the server started, each one browser's cookies,
   * for tests that are not about signing in (staffSession in desk-site.ts takes them in turn).
   */
  sessions: PreparedSession[];
}

/** One signed-in session: its cookies, and when it counts as confirmed with a code (its step-up). */
export interface PreparedSession {
  cookies: { name: string; value: string }[];
  confirmedAt: number;
}

/** Sessions a staff member is prepared with unless told otherwise: a desk spec signs in up to four times. */
const PREPARED_SESSIONS = 4;

/**
 * Makes a staff member in a database no server has open yet (the embedded one allows one
 * process): an account through better-auth, two-factor turned on and confirmed with a code
 * as the security page does it, and the staff roles. Start the server afterwards with the same
 * AUTH_SECRET, which encrypts the two-factor key.
 */
export async function prepareStaff(
  database: { dataDir: string; databaseUrl?: string },
  options: {
    email: string;
    name?: string;
    password?: string;
    roles: readonly StaffRole[];
    secret: string;
    publicUrl: string;
    /** How many signed-in sessions to make for the tests to use (PREPARED_SESSIONS unless told). */
    sessions?: number;
  },
): Promise<PreparedStaff> {
  const { email, name = "Sam Desk", password = STAFF_PASSWORD, sessions: sessionCount = PREPARED_SESSIONS } = options;
  const handle = await openDatabase({ ...database, onConnectionError: () => {} });
  try {
    const auth = createAuth({ db: handle.db, publicUrl: options.publicUrl, secret: options.secret });
    const { user } = await auth.api.signUpEmail({ body: { name, email, password, role: "team_member" } });
    // The sessions for the tests: signed in with the password through better-auth, as the sign-in
    // form does, while two-factor is still off (after, a sign-in wants a code). Two-factor is a
    // property of the account, not of a session: once it is on, these are a staff member's
    // sessions like one signed in with a code. Their step-up is set below.
    const prepared: { token: string; cookies: PreparedSession["cookies"] }[] = [];
    for (let made = 0; made < sessionCount; made++) {
      const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
      const { token } = (await response.json()) as { token: string };
      const cookies = response.headers.getSetCookie().map((line) => {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
      });
      prepared.push({ token, cookies });
    }
    // A sign-up signs nobody in (ADR 0099): the session to set two-factor up with comes from signing in.
    const signedIn = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const headers = new Headers({ cookie });
    const enabled = await auth.api.enableTwoFactor({ body: { password }, headers });
    if (!("totpURI" in enabled)) throw new Error("two-factor set-up did not offer TOTP");
    const totpSecret = new URL(enabled.totpURI).searchParams.get("secret")!;
    // better-auth's own endpoint, not the app's: this code is not recorded as spent.
    await auth.api.verifyTOTP({ body: { code: totpAt(totpSecret, Date.now()) }, headers });
    // Tied to the authenticator just confirmed, as /admin/people grants them (ADR 0100).
    const [authenticator] = await handle.db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, user.id));
    if (options.roles.length) {
      await handle.db
        .insert(staffRoleGrants)
        .values(options.roles.map((role) => ({ userId: user.id, role, twoFactorId: authenticator!.id })));
    }
    // As a sign-in with a code does (ADR 0100): the back office's step-up is fresh for ten minutes.
    const confirmedAt = Date.now();
    for (const { token } of prepared) {
      await handle.db
        .update(sessions)
        .set({ stepUpAt: new Date(confirmedAt) })
        .where(eq(sessions.token, token));
    }
    return { name, email, password, totpSecret, sessions: prepared.map(({ cookies }) => ({ cookies, confirmedAt })) };
  } finally {
    await handle.close();
  }
}

const PERIOD_MS = 30_000;
const lastStepUsed = new Map<string, number>();

function totpAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: PERIOD_MS / 1000 }).generate({ timestamp });
}

/** Codes for the step before now are used only while this much of the current step is left. */
const PREVIOUS_STEP_MARGIN_MS = 5_000;

/**
 * A code for `secret` that this test process has not used before, for an explicit 30-second step
 * (the TOTP library takes the time). The site takes each step once, and only a step after the last
 * one it took (RFC 6238 §5.2), and accepts one step either side of now: so one step can give three
 * codes at once (the previous step's, while over 5 s of this one are left, so the clock cannot tick
 * past it on the way; this step's; the next one's). Desk specs sign in with prepared sessions
 * (openAsStaff in desk-site.ts) and need no more; a fourth code in one step would wait for the
 * clock, so a test that needs more uses a staff member of its own.
 */
export async function freshCode(secret: string): Promise<string> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / PERIOD_MS);
  const earliest = PERIOD_MS - (nowMs % PERIOD_MS) > PREVIOUS_STEP_MARGIN_MS ? now - 1 : now;
  const step = Math.max(earliest, (lastStepUsed.get(secret) ?? -Infinity) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - Date.now() + 100));
  lastStepUsed.set(secret, step);
  return totpAt(secret, step * PERIOD_MS);
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(";")[0]);

/** Signs a prepared staff member in to a running server over HTTP (password, then a fresh code); returns their cookie header. */
export async function signInOverHttp(url: string, staff: PreparedStaff): Promise<string> {
  const password = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "sign-in", email: staff.email, password: staff.password }),
  });
  const verified = await fetch(`${url}/login/two-factor`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookiesOf(password).join("; ") },
    body: new URLSearchParams({ method: "totp", code: await freshCode(staff.totpSecret) }),
  });
  if (verified.status !== 302) throw new Error(`two-factor sign-in answered ${verified.status}`);
  return cookiesOf(verified).join("; ");
}

/** The cookie header of one of the staff member's prepared sessions (taken: no other test gets it), for requests over HTTP. */
export function takePreparedSession(staff: PreparedStaff): string {
  const session = staff.sessions.shift();
  if (!session) throw new Error(`no prepared session left for ${staff.email}`);
  return session.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}
