import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../db/client.server";
import { staffRoleGrants, users } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { action as loginAction } from "../../app/routes/login";
import { CookieJar, formPost, requestContext, run } from "./accounts";

/*
 * People for the back-office tests: accounts made through the real sign-up action, with
 * staff roles and two-factor set straight in the database where a test is not about how
 * they were granted (tests/server/admin-staff.test.ts covers the real two-factor set-up).
 */

import { STAFF_PASSWORD } from "./prepared-staff";

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
  const outcome = await run(() =>
    loginAction({
      request: formPost("/login", { intent: "sign-up", name, email, password: STAFF_PASSWORD, role }),
      context: requestContext(db, auth, nextClientIp()),
      params: {},
    } as never),
  );
  expect(outcome.status, `sign-up of ${email}`).toBe(302);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, email, name, jar: new CookieJar().take(outcome.setCookies) };
}

/** Gives a person staff roles, and two-factor unless told otherwise. */
export async function makeStaff(db: Database, person: TestPerson, roles: StaffRole[], { twoFactor = true } = {}): Promise<TestPerson> {
  if (roles.length) await db.insert(staffRoleGrants).values(roles.map((role) => ({ userId: person.id, role }))).onConflictDoNothing();
  await db.update(users).set({ twoFactorEnabled: twoFactor }).where(eq(users.id, person.id));
  return person;
}
