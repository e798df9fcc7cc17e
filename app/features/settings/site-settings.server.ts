import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { siteSettings } from "../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditContext,
  type AuditedWriteResult,
  type VersionedTable,
} from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import type { StaffUser } from "~/features/admin/staff.server";
import type { RequestContext } from "~/context";
import type { JsonObject } from "~/lib/json-diff";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";

/*
 * Every page reads the settings (header, footer), so they are read from the database once per
 * process and kept in the request context's content memo until content changes (server/app.ts
 * clears it on every content-change announcement, which reaches every process: ADR 0022).
 * A page render costs a Map lookup, not a query.
 */

const SETTINGS_ID = "site";
const MEMO_KEY = "site-settings";

export const SITE_SETTINGS: VersionedTable<typeof siteSettings> = { table: siteSettings, id: siteSettings.id, entityType: "site_settings" };

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** The settings as stored, read now (e-mails, which have no request context). */
export async function readSiteSettings(db: Pick<Database, "select">): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
  return row ? settingsOf(row) : DEFAULT_SITE_SETTINGS;
}

function settingsOf(row: SiteSettingsRow): SiteSettings {
  const { email, phone, address, officeHours, socials, joinTheTeamUrl } = row;
  return { email, phone, address, officeHours, socials, joinTheTeamUrl };
}

/** The settings the public pages show; from memory after the first read in this process. */
export function getSiteSettings(context: Pick<RequestContext, "db" | "contentMemo">): Promise<SiteSettings> {
  return context.contentMemo.get(MEMO_KEY, () => readSiteSettings(context.db));
}

/** The row as the settings screen edits it (with its version). */
export async function getSiteSettingsRow(db: Database): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
  if (row) return row;
  // A database seeded before the settings existed: start from the defaults.
  const [created] = await db
    .insert(siteSettings)
    .values({ id: SETTINGS_ID, ...DEFAULT_SITE_SETTINGS })
    .onConflictDoNothing()
    .returning();
  return created ?? (await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)))[0]!;
}

export async function saveSiteSettings(
  context: AuditContext,
  staff: StaffUser,
  expectedVersion: number,
  settings: SiteSettings,
  reason?: string | null,
): Promise<AuditedWriteResult<SiteSettingsRow>> {
  const result = await auditedWrite(context, staff, async (tx) => {
    const before = await lockRecord(tx, SITE_SETTINGS, SETTINGS_ID);
    const after = await updateVersioned(tx, SITE_SETTINGS, SETTINGS_ID, expectedVersion, { ...settings, updatedAt: new Date() });
    return {
      value: after,
      audit: {
        action: "update",
        entityType: SITE_SETTINGS.entityType,
        entityId: SETTINGS_ID,
        entityLabel: "Site settings",
        before,
        after,
        reason,
      },
    };
  });
  return result;
}

export function siteSettingsRestoreTarget(): RestoreTarget<SiteSettingsRow> {
  return {
    entityType: SITE_SETTINGS.entityType,
    entityId: SETTINGS_ID,
    entityLabel: "Site settings",
    load: (tx) => lockRecord(tx, SITE_SETTINGS, SETTINGS_ID),
    apply: (tx, snapshot, expectedVersion) =>
      updateVersioned(tx, SITE_SETTINGS, SETTINGS_ID, expectedVersion, { ...settingsFromSnapshot(snapshot), updatedAt: new Date() }),
  };
}

function settingsFromSnapshot(snapshot: JsonObject): SiteSettings {
  const text = (key: "email" | "phone" | "address" | "joinTheTeamUrl") => {
    const value = snapshot[key];
    if (typeof value !== "string") throw new Error(`site_settings snapshot: ${key} is missing`);
    return value;
  };
  return {
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    joinTheTeamUrl: text("joinTheTeamUrl"),
    officeHours: snapshot.officeHours as unknown as SiteSettings["officeHours"],
    socials: snapshot.socials as unknown as SiteSettings["socials"],
  };
}
