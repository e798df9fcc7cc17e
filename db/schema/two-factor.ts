import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/*
 * better-auth's two-factor plugin (TOTP and backup codes): one row per person
 * who has turned it on or is setting it up. The property names are the ones
 * the plugin reads and writes. See docs/decisions/0018-account-security.md.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The TOTP secret, encrypted with the app secret. */
    secret: text("secret").notNull(),
    /** The unused backup codes, encrypted with the app secret. */
    backupCodes: text("backup_codes").notNull(),
    /** False while set up but not yet confirmed with a code; only then is two-factor on. */
    verified: boolean("verified").notNull().default(true),
    /** Wrong codes in a row at sign-in; the plugin locks the second step for a while after 10. */
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    /**
     * The 30-second time step of the last code accepted (ours, not the plugin's): a code is
     * refused unless its step is later, so no code works twice (RFC 6238 §5.2, docs/decisions/0058).
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (table) => [index("two_factors_user_idx").on(table.userId)],
);
