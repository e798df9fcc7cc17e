import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { siteSettings } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";

/*
 * Every page reads the settings (header, footer), so they are read from the database once per
 * process and kept in the request context's content memo until content changes (server/app.ts
 * clears it on every content-change announcement, which reaches every process: ADR 0022).
 * A page render costs a Map lookup, not a query.
 *
 * This module only reads, and stands on nothing but the database: pages and e-mail frames (the
 * footer's address) import it. The settings screen's audited write is site-settings-write.server.ts.
 */

export const SETTINGS_ID = "site";
const MEMO_KEY = "site-settings";

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
