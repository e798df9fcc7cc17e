/**
 * Prepares an embedded database for a browser test of the back office: migrated and seeded,
 * with one admin who has two-factor turned on, made through better-auth's own API (sign-up,
 * enable, verify a code) and the `user:grant-admin` function. Prints the TOTP secret as JSON.
 * STAFF_ROLE (shop, editor) gives that role instead of admin.
 * Run with `node --import tsx tests/support/prepare-staff-server.ts` and DATA_DIR, AUTH_SECRET
 * (the server must use the same one: it encrypts the secret), PUBLIC_URL and STAFF_EMAIL set.
 */
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../db/client.server";
import { createAuth } from "../../app/features/account/auth.server";
import { grantAdmin } from "../../app/features/account/user-admin.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { staffRoleGrants, users } from "../../db/schema";
import { eq } from "drizzle-orm";

export const STAFF_PASSWORD = "correct horse battery staple";

const { DATA_DIR, AUTH_SECRET, PUBLIC_URL, STAFF_EMAIL, STAFF_ROLE } = process.env;
if (!DATA_DIR || !AUTH_SECRET || !PUBLIC_URL || !STAFF_EMAIL) throw new Error("DATA_DIR, AUTH_SECRET, PUBLIC_URL and STAFF_EMAIL are needed");

const database = await openDatabase({ dataDir: DATA_DIR, onConnectionError: () => {} });
try {
  const auth = createAuth({ db: database.db, publicUrl: PUBLIC_URL, secret: AUTH_SECRET });
  const signUp = await auth.api.signUpEmail({
    body: { name: "Sam Desk", email: STAFF_EMAIL, password: STAFF_PASSWORD },
    returnHeaders: true,
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const headers = new Headers({ cookie });
  const enabled = await auth.api.enableTwoFactor({ body: { password: STAFF_PASSWORD }, headers });
  if (!("totpURI" in enabled)) throw new Error("two-factor set-up did not give a TOTP secret");
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await auth.api.verifyTOTP({ body: { code }, headers });
  if (STAFF_ROLE && STAFF_ROLE !== "admin") {
    // Another role (STAFF_ROLE=shop, editor): granted straight in the database, as tests/support/staff.ts does.
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF_EMAIL.toLowerCase()));
    await database.db.insert(staffRoleGrants).values({ userId: user!.id, role: STAFF_ROLE as StaffRole });
  } else {
    const granted = await grantAdmin(database.db, STAFF_EMAIL);
    if (!granted.ok) throw new Error(granted.message);
  }
  console.log(JSON.stringify({ secret }));
} finally {
  await database.close();
}
