import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { twoFactors } from "./two-factor";

/*
 * The back office's foundation: who may use it (staff roles) and what they did
 * (the audit trail). See docs/decisions/0023-staff-roles-and-audit-trail.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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

/**
 * One row per change made in the back office, written in the same transaction as the
 * change itself. Rows are only ever inserted.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz("at").notNull().defaultNow(),
    /** Null for the command line, or once the account was deleted (the label stays). */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** "Name <email>" at the time, so the trail still says who after an account is deleted. */
    actorLabel: text("actor_label").notNull(),
    /** Every staff role the actor held at the time. */
    actorRoles: text("actor_roles").array().$type<StaffRole[]>().notNull(),
    /** The role the change was made with (what the screen required). */
    roleUsed: text("role_used").$type<StaffRole>(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** What the record was called at the time ("Erin Editor", an article's title), for people reading the log. */
    entityLabel: text("entity_label"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    /** jsonDiff(before, after): see app/lib/json-diff.ts. */
    diff: jsonb("diff").$type<unknown[]>().notNull(),
    reason: text("reason"),
    requestId: text("request_id"),
  },
  (table) => [
    index("audit_events_entity_idx").on(table.entityType, table.entityId, table.at),
    index("audit_events_at_idx").on(table.at),
    index("audit_events_actor_idx").on(table.actorUserId, table.at),
  ],
);
