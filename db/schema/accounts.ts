import { relations, sql } from "drizzle-orm";
import { bigint, boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { drivers } from "./racing";

/*
 * Accounts, on better-auth's four tables (user, session, account, verification;
 * the property names are the ones better-auth reads and writes). The profile
 * (name, role, avatar, driver link) lives on the user row itself, so the one
 * query that finds a session also brings the whole profile.
 * See docs/decisions/0015-accounts-better-auth-sessions.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What kind of account a person has. Staff roles (admin, editor, shop) are separate, in
 * staff_roles (below): the migration that made them moved every former
 * "admin" account there and made it a team member. The check below still allows the old
 * value so that migration and its data step can run in either order; nothing writes it.
 */
export const accountRoles = ["driver", "team_member"] as const;
export type AccountRole = (typeof accountRoles)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-cased by better-auth; one address is one account. */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** Set by better-auth's two-factor plugin once a TOTP code has confirmed the set-up. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** The avatar's URL path (/avatars/…), or null for the placeholder. */
    image: text("image"),
    role: text("role").$type<AccountRole>().notNull().default("team_member"),
    /** The driver record this account belongs to; set by `npm run user:link-driver`. */
    driverId: text("driver_id").references(() => drivers.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [check("users_role_check", sql`${table.role} in ('driver', 'team_member', 'admin')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** Random, and what the signed session cookie carries; unique index = one lookup per request. */
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamptz("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When the session was last extended; with createdAt it gives the idle and absolute limits. */
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /**
     * Ours, not better-auth's: when the person last proved it was them in this session (the
     * two-factor sign-in, or the back office's step-up before a sensitive change); null for
     * never. Written only by the server (docs/decisions/0100).
     */
    stepUpAt: timestamptz("step_up_at"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Sign-in methods of a user; for e-mail and password, providerId "credential" and the Argon2id hash. */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [index("accounts_user_idx").on(table.userId)],
);

/** Single-use tokens (password reset, e-mail verification) with their expiry. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Avatars, re-encoded on upload (WebP, 256×256). Kept in the database so every
 * app process can serve them; see app/features/account/avatar.server.ts.
 */
export const avatars = pgTable("avatars", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

// better-auth finds a session and its user in one relational query through these.
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

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

/*
 * The back office's foundation: who may use it (staff roles) and what they did
 * (the audit trail). See docs/decisions/0023-staff-roles-and-audit-trail.md.
 */

export const staffRoles = ["admin", "editor", "shop"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A person's staff roles, on top of their account; one row per role held. */
export const staffRoleGrants = pgTable(
  "staff_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<StaffRole>().notNull(),
    /** Who granted it; null for the command line (`npm run user:grant-admin`) or a deleted account. */
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: timestamptz("granted_at").notNull().defaultNow(),
    /**
     * The holder's authenticator (two_factors.id) when the role was granted or last confirmed: the
     * role is in effect only while they still have that one. Turning two-factor off deletes it,
     * so the role waits for an admin to confirm it again (docs/decisions/0100).
     */
    twoFactorId: text("two_factor_id").references(() => twoFactors.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    index("staff_roles_role_idx").on(table.role),
    check("staff_roles_role_check", sql`${table.role} in ('admin', 'editor', 'shop')`),
  ],
);
