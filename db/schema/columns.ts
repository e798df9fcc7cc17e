import { integer, timestamp } from "drizzle-orm/pg-core";

/*
 * Column conventions shared by the tables the back office edits. Functions, because a
 * Drizzle column builder belongs to one table.
 */

/**
 * The optimistic-concurrency counter: an update says `WHERE id = $1 AND version = $2` and
 * adds one (app/features/admin/audit.server.ts, updateVersioned).
 */
export const versionColumn = () => integer("version").notNull().default(1);

/** Soft deletion: set when a record is deleted in the back office; undo within 30 days. */
export const deletedAtColumn = () => timestamp("deleted_at", { withTimezone: true, mode: "date" });
