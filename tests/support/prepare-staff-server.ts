/**
 * Prepares an embedded database for a browser test of the back office: migrated and seeded,
 * with one admin who has two-factor turned on, made through better-auth's own API (sign-up,
 * enable, verify a code) and the `user:grant-admin` function. Prints the TOTP secret as JSON.
 * Run with `node --import tsx tests/support/prepare-staff-server.ts` and DATA_DIR, AUTH_SECRET
 * (the server must use the same one: it encrypts the secret), PUBLIC_URL and STAFF_EMAIL set.
 */
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../db/client.server";
import { createAuth } from "../../app/features/account/auth.server";
import { grantAdmin } from "../../app/features/account/user-admin.server";

export const STAFF_PASSWORD = "correct horse battery staple";

const { DATA_DIR, AUTH_SECRET, PUBLIC_URL, STAFF_EMAIL } = process.env;
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
  const granted = await grantAdmin(database.db, STAFF_EMAIL);
  if (!granted.ok) throw new Error(granted.message);
  console.log(JSON.stringify({ secret }));
} finally {
  await database.close();
}
