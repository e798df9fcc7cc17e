import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../db/client.server";
import { sessions, staffRoleGrants, twoFactors, users } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { action as loginAction } from "../../app/routes/login";
import { CookieJar, formPost, requestContext, run } from "./accounts";

/*
 * People for the back-office tests: accounts made through the real sign-up and sign-in actions, with
 * staff roles and two-factor set straight in the database where a test is not about how
 * they were granted (tests/server/admin-staff.test.ts covers the real two-factor set-up).
 */

import { freshCode, STAFF_PASSWORD } from "./prepared-staff";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "./route-args";

let addressCounter = 0;
/** Each sign-up from its own address, so the sign-up rate limit never gets in the way. */
export const nextClientIp = () => `192.0.2.${(++addressCounter % 250) + 1}`;

export interface TestPerson {
  id: string;
  email: string;
  name: string;
  jar: CookieJar;
}

export async function signUpPerson(
  db: Database,
  auth: Auth,
  { email, name = "Pat Paddock", role = "team_member" }: { email: string; name?: string; role?: "team_member" | "driver" },
): Promise<TestPerson> {
  const clientIp = nextClientIp();
  const post = (fields: Record<string, string>) =>
    run(() =>
      loginAction(
        routeArgs({
          request: formPost("/login", fields),
          context: routerContextFor(requestContext(db, auth, clientIp)),
          params: {},
        }) as never,
      ),
    );
  expect((await post({ intent: "sign-up", name, email, password: STAFF_PASSWORD, role })).status, `sign-up of ${email}`).toBe(200);
  // A sign-up signs nobody in: the new account signs in with its password, as a person would.
  const signedIn = await post({ intent: "sign-in", email, password: STAFF_PASSWORD });
  expect(signedIn.status, `sign-in of ${email}`).toBe(302);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, email, name, jar: new CookieJar().take(signedIn.setCookies) };
}

/**
 * Gives a person staff roles, and two-factor unless told otherwise: an authenticator row (a
 * placeholder key, unless enrolAuthenticator made a real one) that the roles are tied to, so
 * they are in effect (ADR 0100); without two-factor the roles wait. Their sessions count as
 * freshly confirmed (as after a sign-in with a code) unless `stepUp: false`, so a test that is
 * not about the step-up is not stopped by it.
 */
export async function makeStaff(
  db: Database,
  person: TestPerson,
  roles: StaffRole[],
  { twoFactor = true, stepUp = true } = {},
): Promise<TestPerson> {
  let authenticator: string | null = null;
  if (twoFactor) {
    const [existing] = await db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, person.id));
    authenticator = existing?.id ?? `test-authenticator-${person.id}`;
    if (!existing)
      await db.insert(twoFactors).values({ id: authenticator, userId: person.id, secret: "placeholder", backupCodes: "placeholder" });
  } else {
    await db.delete(twoFactors).where(eq(twoFactors.userId, person.id));
  }
  await db.update(users).set({ twoFactorEnabled: twoFactor }).where(eq(users.id, person.id));
  if (roles.length) {
    await db
      .insert(staffRoleGrants)
      .values(roles.map((role) => ({ userId: person.id, role, twoFactorId: authenticator })))
      .onConflictDoUpdate({ target: [staffRoleGrants.userId, staffRoleGrants.role], set: { twoFactorId: authenticator } });
  }
  await setStepUp(db, person, stepUp ? new Date() : null);
  return person;
}

/** Sets when the person's sessions last confirmed it was them (null: never), as a sign-in or the step-up screen would. */
export async function setStepUp(db: Database, person: Pick<TestPerson, "id">, at: Date | null): Promise<void> {
  await db.update(sessions).set({ stepUpAt: at }).where(eq(sessions.userId, person.id));
}

/**
 * Turns two-factor on for a person through better-auth, as the security page does (the key, then
 * a first code), and returns the key for codes (freshCode in tests/support/prepared-staff.ts).
 * better-auth starts a new session on the way: the person's cookie jar takes it.
 */
export async function enrolAuthenticator(auth: Auth, person: TestPerson, password = STAFF_PASSWORD): Promise<string> {
  const headers = new Headers({ cookie: person.jar.header() });
  const enabled = await auth.api.enableTwoFactor({ body: { password }, headers });
  if (!("totpURI" in enabled)) throw new Error("two-factor set-up did not offer TOTP");
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  const confirmed = await auth.api.verifyTOTP({ body: { code: await freshCode(secret) }, headers, returnHeaders: true });
  person.jar.take(confirmed.headers.getSetCookie());
  return secret;
}
