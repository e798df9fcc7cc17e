/**
 * The promotions desk's form (/admin/promotions): strings in, a promo code's stored values out,
 * with a message a person can act on for each field. Dates are whole UK days: a code starts at
 * 00:00 UK time on its first day and stops at the end of its last day.
 */
import { formatPence } from "~/lib/money";
import { ukLocalTime } from "~/lib/race-time";
import { z } from "~/lib/zod";
import { optionalIsoDate, penceToPounds, pounds, reasonField, versionField } from "~/features/admin/desk/desk-fields";
import { ukIsoDate } from "~/lib/dates";

export const PROMO_CODE_PATTERN = /^[A-Z0-9]{3,32}$/;

export interface PromotionValues {
  code: string;
  percentOff: number | null;
  amountOffPence: number | null;
  minSpendPence: number;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxUses: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  note: string;
}

const optionalCount = (label: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^\d{1,7}$/.test(value), `The ${label} must be a whole number, or empty for no limit.`)
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((value) => value === null || value >= 1, `The ${label} must be at least 1, or empty for no limit.`);

/** The day after an ISO date ("2026-12-31" → "2027-01-01"). */
function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export const promotionFormSchema = z
  .object({
    code: z
      .string({ message: "Enter the code." })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => PROMO_CODE_PATTERN.test(value), "The code must be 3 to 32 letters and digits, e.g. SUMMER10."),
    kind: z.enum(["percent", "amount"], { message: "Choose a percentage or a fixed amount." }),
    percentOff: z.string().trim().default(""),
    amountOff: z.string().trim().default(""),
    minSpend: z
      .string()
      .trim()
      .default("")
      .transform((value) => value || "0")
      .pipe(pounds("minimum spend")),
    startsOn: optionalIsoDate("first day"),
    endsOn: optionalIsoDate("last day"),
    maxUses: optionalCount("total use limit"),
    perCustomerLimit: optionalCount("limit per customer"),
    active: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    note: z.string().trim().max(300, "Keep the note under 300 characters.").default(""),
    reason: reasonField,
  })
  .superRefine((form, ctx) => {
    if (form.kind === "percent" && !(/^\d{1,3}$/.test(form.percentOff) && Number(form.percentOff) >= 1 && Number(form.percentOff) <= 100)) {
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "The percentage must be a whole number from 1 to 100." });
    }
    if (form.kind === "amount") {
      const amount = pounds("amount off").safeParse(form.amountOff);
      if (!amount.success || amount.data < 1)
        ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off in pounds, e.g. 5 or 7.50." });
    }
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The last day cannot be before the first day." });
    }
  })
  .transform((form): PromotionValues & { reason: string | null } => ({
    code: form.code,
    percentOff: form.kind === "percent" ? Number(form.percentOff) : null,
    amountOffPence: form.kind === "amount" ? pounds("amount off").parse(form.amountOff) : null,
    minSpendPence: form.minSpend,
    startsAt: form.startsOn ? ukLocalTime(form.startsOn, "00:00") : null,
    expiresAt: form.endsOn ? ukLocalTime(nextDay(form.endsOn), "00:00") : null,
    maxUses: form.maxUses,
    perCustomerLimit: form.perCustomerLimit,
    active: form.active,
    note: form.note,
    reason: form.reason || null,
  }));

export const promotionUpdateSchema = z.object({ version: versionField });

/** A stored code as the form's strings (the inverse of promotionFormSchema). */
export function promotionFormValues(promo: PromotionValues): Record<string, string> {
  const lastDay = promo.expiresAt ? ukIsoDate(promo.expiresAt.getTime() - 1) : "";
  return {
    code: promo.code,
    kind: promo.percentOff !== null ? "percent" : "amount",
    percentOff: promo.percentOff !== null ? String(promo.percentOff) : "",
    amountOff: promo.amountOffPence !== null ? penceToPounds(promo.amountOffPence) : "",
    minSpend: promo.minSpendPence > 0 ? penceToPounds(promo.minSpendPence) : "",
    startsOn: promo.startsAt ? ukIsoDate(promo.startsAt) : "",
    endsOn: lastDay,
    maxUses: promo.maxUses !== null ? String(promo.maxUses) : "",
    perCustomerLimit: promo.perCustomerLimit !== null ? String(promo.perCustomerLimit) : "",
    active: promo.active ? "on" : "",
    note: promo.note,
  };
}

/** One line for the list: "10% off, over £30.00". */
export function promotionSummary(promo: Pick<PromotionValues, "percentOff" | "amountOffPence" | "minSpendPence">): string {
  const off = promo.percentOff !== null ? `${promo.percentOff}% off` : `${formatPence(promo.amountOffPence ?? 0)} off`;
  return promo.minSpendPence > 0 ? `${off}, on ${formatPence(promo.minSpendPence)} or more` : off;
}

/** Where a code stands at `now`, for the list. */
export function promotionState(
  promo: Pick<PromotionValues, "active" | "startsAt" | "expiresAt" | "maxUses"> & { usedCount: number },
  now: Date,
): string {
  if (!promo.active) return "Switched off";
  if (promo.startsAt && now < promo.startsAt) return "Scheduled";
  if (promo.expiresAt && now >= promo.expiresAt) return "Ended";
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return "Used up";
  return "Live";
}
