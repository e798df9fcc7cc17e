import { z } from "~/lib/zod";
import { DELIVERABLE_KIND_IDS } from "./deliverable-kinds";

/** The partner desk's forms, one schema an intent (ADR 0133). */
const count = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, `The ${label} must be a whole number from 0 to 1000.`)
    .transform(Number)
    .refine((value) => value <= 1000, `The ${label} must be a whole number from 0 to 1000.`);

const deliverableFields = {
  roundId: z.string().trim().min(1, "Choose a race weekend.").max(100),
  kind: z.enum(DELIVERABLE_KIND_IDS, { message: "Choose what was promised." }),
  promised: count("number promised"),
  delivered: count("number delivered"),
  evidenceAssetId: z
    .string()
    .trim()
    .max(100)
    .default("")
    .transform((value) => value || null),
  evidenceUrl: z
    .string()
    .trim()
    .max(500, "Keep the address under 500 characters.")
    .default("")
    .refine((value) => value === "" || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), "The link must be a full address starting with https://")
    .transform((value) => value || null),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
};

export const partnerDeskAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("placements"), placements: z.array(z.string().max(200)).max(500) }),
  z.object({
    intent: z.literal("contact"),
    email: z
      .string()
      .trim()
      .max(254)
      .refine(
        (value) => value === "" || z.email().safeParse(value).success,
        "Enter an e-mail address, or leave it empty for no monthly report.",
      ),
  }),
  z.object({ intent: z.literal("send-report"), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month.") }),
  z.object({
    intent: z.literal("create-link"),
    days: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, "Choose for how many days (1 to 365).")
      .transform(Number)
      .refine((value) => value >= 1 && value <= 365, "Choose for how many days (1 to 365)."),
  }),
  z.object({ intent: z.literal("revoke-link"), linkId: z.uuid("That link is not known.") }),
  z.object({ intent: z.literal("add-deliverable"), ...deliverableFields }),
  z.object({ intent: z.literal("update-deliverable"), id: z.uuid("That line is not known."), ...deliverableFields }),
  z.object({ intent: z.literal("delete-deliverable"), id: z.uuid("That line is not known.") }),
]);

export type PartnerDeskAction = z.infer<typeof partnerDeskAction>;

/** The form's fields as the schema reads them: repeated "placement" checkboxes become one list. */
export function partnerDeskInput(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "placement") values[key] = value;
  values.placements = form.getAll("placement").filter((value): value is string => typeof value === "string");
  return values;
}
