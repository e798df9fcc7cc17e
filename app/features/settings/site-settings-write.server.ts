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
import type { JsonObject } from "~/lib/json-diff";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";
import { SETTINGS_ID, type SiteSettingsRow } from "./site-settings.server";

/*
 * The settings screen's side (/admin/settings): the row with its version, the audited write and
 * the restore from history. Kept apart from the read (site-settings.server.ts), which every page
 * and e-mail uses, so that those do not load the audit and staff modules.
 */

export const SITE_SETTINGS: VersionedTable<typeof siteSettings> = { table: siteSettings, id: siteSettings.id, entityType: "site_settings" };

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
