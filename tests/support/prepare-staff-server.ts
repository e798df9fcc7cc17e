/**
 * Makes a staff member on a database no server has open yet, for trying the back office by
 * hand: migrated and seeded, with two-factor on, made through better-auth's own API. Prints the
 * TOTP secret as JSON; the password is "correct horse battery staple".
 *
 *   DATA_DIR=... [DATABASE_URL=...] AUTH_SECRET=... PUBLIC_URL=... STAFF_EMAIL=... [STAFF_ROLE=admin|editor|shop] \
 *     node --import tsx tests/support/prepare-staff-server.ts
 *
 * Start the server afterwards with the same AUTH_SECRET: it encrypts the secret.
 */
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { prepareStaff } from "./prepared-staff";

const { DATA_DIR, DATABASE_URL, AUTH_SECRET, PUBLIC_URL, STAFF_EMAIL, STAFF_ROLE = "admin" } = process.env;
if (!DATA_DIR || !AUTH_SECRET || !PUBLIC_URL || !STAFF_EMAIL)
  throw new Error("DATA_DIR, AUTH_SECRET, PUBLIC_URL and STAFF_EMAIL are needed");

const staff = await prepareStaff(
  { dataDir: DATA_DIR, databaseUrl: DATABASE_URL },
  { email: STAFF_EMAIL, roles: [STAFF_ROLE as StaffRole], secret: AUTH_SECRET, publicUrl: PUBLIC_URL },
);
console.log(JSON.stringify({ secret: staff.totpSecret }));
