import { brand } from "~/brand";

/*
 * The site-wide settings staff edit at /admin/settings: contact details, office hours,
 * socials and the Join The Team link, as pages show them. No Zod here: the root route imports
 * this, so it is in every page's JavaScript (the form's schema is in site-settings-form.ts).
 */

export interface SiteSettings {
  email: string;
  phone: string;
  address: string;
  officeHours: Array<{ days: string; hours: string }>;
  socials: Array<{ name: string; url: string }>;
  joinTheTeamUrl: string;
}

/** The networks the pages have a place for, in the footer's order. */
export const SOCIAL_NETWORKS = brand.socials.map((social) => social.name);

/** app/brand.ts: what a fresh install starts with, and what pages show if the row is missing. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  email: brand.email,
  phone: brand.phone,
  address: brand.headquarters,
  officeHours: brand.officeHours.map((line) => ({ ...line })),
  socials: brand.socials.map((social) => ({ ...social })),
  joinTheTeamUrl: brand.joinTheTeamUrl,
};

/** Where a social network's profile is, or null when the settings leave it out. */
export function socialUrl(settings: Pick<SiteSettings, "socials">, name: string): string | null {
  return settings.socials.find((social) => social.name === name)?.url || null;
}

/** "Monday - Friday: 9:00 AM - 6:00 PM" lines, as the settings form shows them. */
export function officeHoursText(lines: SiteSettings["officeHours"]): string {
  return lines.map((line) => `${line.days}: ${line.hours}`).join("\n");
}
