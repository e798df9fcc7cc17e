import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { pushVapidKeys } from "../../../db/schema";
import { brand } from "~/brand";
import { generateVapidKeys, vapidSubjectProblem, type VapidDetails, type VapidKeys } from "./vapid";

/**
 * The site's VAPID keys (ADR 0137): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise the
 * pair kept in the database, made by whichever process asks first. Every process of a site reads
 * the same row, so a browser subscribed through one process is pushed to by any other; the pair
 * lives with the subscriptions made for it, in every backup and move.
 */
export async function siteVapidKeys(db: Database, configured: Partial<VapidKeys>, now = new Date()): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  // Made here and offered; a process that lost the race reads the winner's.
  await db
    .insert(pushVapidKeys)
    .values({ id: "site", ...generateVapidKeys(), createdAt: now })
    .onConflictDoNothing({ target: pushVapidKeys.id });
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, "site"));
  if (!row) throw new Error("The VAPID keys could not be stored");
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

/**
 * The contact address sent with every push: VAPID_SUBJECT (checked at start), else the site's
 * https address, else the team's e-mail address. `warning` says when that is not one Apple takes.
 */
export function vapidSubject(configured: string | undefined, publicUrl: string): { subject: string; warning: string | null } {
  if (configured) return { subject: configured, warning: null };
  const candidates = [publicUrl.replace(/\/$/, ""), `mailto:${brand.email}`];
  const real = candidates.find((candidate) => vapidSubjectProblem(candidate) === null);
  if (real) return { subject: real, warning: null };
  return {
    subject: candidates[1]!,
    warning: `VAPID_SUBJECT is not set and neither PUBLIC_URL nor ${brand.email} is a real address: Apple's push service will refuse pushes to iPhones until VAPID_SUBJECT is set (mailto: or https:)`,
  };
}

export async function resolveVapidDetails(
  db: Database,
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; PUBLIC_URL: string },
): Promise<{ details: VapidDetails; warning: string | null }> {
  const keys = await siteVapidKeys(db, { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  const { subject, warning } = vapidSubject(env.VAPID_SUBJECT, env.PUBLIC_URL);
  return { details: { ...keys, subject }, warning };
}
