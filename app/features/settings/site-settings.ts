import { brand } from "~/brand";
import { z } from "~/lib/zod";

/*
 * The site-wide settings staff edit at /admin/settings: contact details, office hours,
 * socials and the Join The Team link. Shared by the pages (what they show) and the settings
 * form (what it accepts).
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

const httpsUrl = z
  .string()
  .trim()
  .max(500, "Keep the address under 500 characters.")
  .refine((value) => /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), "Enter a full web address starting with https://");

/** One line per entry, "days: hours" split at the first ": ". */
const officeHoursField = z
  .string()
  .max(1000, "Keep office hours under 1,000 characters.")
  .transform((text, context) => {
    const lines = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed: SiteSettings["officeHours"] = [];
    for (const line of lines) {
      const split = line.indexOf(": ");
      if (split <= 0 || split === line.length - 2) {
        context.addIssue({ code: "custom", message: `Write each line as "Days: hours", e.g. "Monday - Friday: 9:00 AM - 6:00 PM" (not "${line}").` });
        return z.NEVER;
      }
      parsed.push({ days: line.slice(0, split).trim(), hours: line.slice(split + 2).trim() });
    }
    if (parsed.length === 0) {
      context.addIssue({ code: "custom", message: "Give at least one line of office hours." });
      return z.NEVER;
    }
    return parsed;
  });

const socialFields: Record<string, z.ZodType<string>> = Object.fromEntries(
  SOCIAL_NETWORKS.map((name) => [`social.${name}`, z.union([z.literal(""), httpsUrl]).default("")]),
);

/** The settings form: one field per setting, one `social.<Network>` field per network. */
export const siteSettingsFormSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email("Enter an e-mail address like info@example.com.")),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,24}$/, "Enter a phone number: digits, spaces and an optional leading +."),
  address: z.string().trim().min(2, "Enter the address.").max(200, "Keep the address under 200 characters."),
  officeHours: officeHoursField,
  joinTheTeamUrl: httpsUrl,
  version: z.coerce.number().int().positive(),
  reason: z.string().trim().max(300, "Keep the reason under 300 characters.").optional(),
  ...socialFields,
});

/** The parsed form as the settings row. */
export function settingsFromForm(form: z.infer<typeof siteSettingsFormSchema>): SiteSettings {
  const fields = form as Record<string, unknown>;
  return {
    email: form.email,
    phone: form.phone,
    address: form.address,
    officeHours: form.officeHours,
    joinTheTeamUrl: form.joinTheTeamUrl,
    socials: SOCIAL_NETWORKS.flatMap((name) => {
      const url = fields[`social.${name}`] as string;
      return url ? [{ name, url }] : [];
    }),
  };
}
