import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../db/client.server";
import { staffRoleGrants } from "../../db/schema";
import { createAuth } from "../../app/features/account/auth.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";

/** What a prepared staff member signs in with. */
export interface PreparedStaff {
  email: string;
  password: string;
  /** The authenticator app's key: codeFor() turns it into the current code. */
  totpSecret: string;
}

/**
 * Makes a staff member in a database no server has open yet (the embedded one allows one
 * process): an account through better-auth, two-factor turned on and confirmed with a code
 * as the security page does it, and the staff role. Start the server afterwards with the same
 * AUTH_SECRET, which encrypts the two-factor key.
 */
export async function prepareStaff(
  database: { dataDir: string; databaseUrl?: string },
  options: { email: string; password: string; role: StaffRole; secret: string; publicUrl: string },
): Promise<PreparedStaff> {
  const handle = await openDatabase({ ...database, onConnectionError: () => {} });
  try {
    const auth = createAuth({ db: handle.db, publicUrl: options.publicUrl, secret: options.secret });
    const signedUp = await auth.api.signUpEmail({
      body: { name: "Eddie Editor", email: options.email, password: options.password, role: "team_member" },
      asResponse: true,
    });
    const cookie = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const headers = new Headers({ cookie });
    const { user } = (await signedUp.json()) as { user: { id: string } };
    const enabled = await auth.api.enableTwoFactor({ body: { password: options.password }, headers });
    if (!("totpURI" in enabled)) throw new Error("two-factor set-up did not offer TOTP");
    const totpSecret = new URL(enabled.totpURI).searchParams.get("secret")!;
    await auth.api.verifyTOTP({ body: { code: codeFor(totpSecret) }, headers });
    await handle.db.insert(staffRoleGrants).values({ userId: user.id, role: options.role });
    return { email: options.email, password: options.password, totpSecret };
  } finally {
    await handle.close();
  }
}

/** What an authenticator app shows for `secret` right now. */
export function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}
