import type { Database } from "../../../db/client.server";
import { readSiteSettings } from "~/features/settings/site-settings.server";
import type { EmailFrame } from "./email-layout";

/** What every e-mail's layout needs from the site: its address and the company's postal address. */
export async function emailFrame(
  db: Pick<Database, "select">,
  publicUrl: string,
  reason: string,
  /** The partners this kind of e-mail thanks (their links go through /go/), if any. */
  partners: EmailFrame["partners"] = [],
): Promise<EmailFrame> {
  const settings = await readSiteSettings(db);
  return { publicUrl, postalAddress: settings.address, reason, ...(partners.length > 0 ? { partners } : {}) };
}
