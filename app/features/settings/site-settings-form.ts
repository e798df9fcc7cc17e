import { z } from "~/lib/zod";
import { SOCIAL_NETWORKS, type SiteSettings } from "./site-settings";

/* The settings form at /admin/settings: what it accepts (kept apart so pages' bundles do not carry Zod). */

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
        context.addIssue({
          code: "custom",
          message: `Write each line as "Days: hours", e.g. "Monday - Friday: 9:00 AM - 6:00 PM" (not "${line}").`,
        });
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
