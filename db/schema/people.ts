import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { drivers } from "./content";

/*
 * A driver's own edit of their bio and photo, made from their dashboard. It waits here until
 * staff approve it (then it is written to `drivers`, audited) or reject it with a reason the
 * driver sees. The public site reads only `drivers`, so nothing here is public.
 * See docs/decisions/0029-people-desk-and-driver-changes.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const driverChangeStatuses = ["pending", "approved", "rejected"] as const;
export type DriverChangeStatus = (typeof driverChangeStatuses)[number];

export const driverProfileChanges = pgTable(
  "driver_profile_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    driverId: text("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    /** The driver account that sent it; null once that account is deleted. */
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamptz("submitted_at").notNull().defaultNow(),
    bio: text("bio").notNull(),
    image: text("image").notNull(),
    status: text("status").$type<DriverChangeStatus>().notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    /** Why staff rejected it: shown to the driver. */
    reason: text("reason"),
  },
  (table) => [
    // One change waits per driver: sending another replaces it.
    uniqueIndex("driver_profile_changes_one_pending")
      .on(table.driverId)
      .where(sql`${table.status} = 'pending'`),
    index("driver_profile_changes_driver_idx").on(table.driverId, table.submittedAt),
    check("driver_profile_changes_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);
