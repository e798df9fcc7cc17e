import { pounds } from "~/features/admin/desk/desk-fields";
import { z } from "~/lib/zod";
import { countryName, isCountryCode } from "./address";
import type { ShopSettings } from "./shop-settings";

/*
 * The shop desk's delivery settings form (/admin/delivery): where the shop ships, what the one
 * delivery method is called and what it costs. Pure, so the screen, the server and the tests
 * share it.
 */

export const deliverySettingsForm = z.object({
  version: z.coerce.number({ error: "The form is missing its version; reload the page." }).int().min(0),
  shipsTo: z
    .string()
    .trim()
    .default("")
    .transform((text) => [
      ...new Set(
        text
          .toUpperCase()
          .split(/[\s,;]+/)
          .filter(Boolean),
      ),
    ])
    .refine((codes) => codes.length > 0, "Give at least one country, e.g. GB.")
    .refine((codes) => codes.length <= 60, "Give at most 60 countries.")
    .superRefine((codes, context) => {
      const unknown = codes.filter((code) => !isCountryCode(code));
      if (unknown.length)
        context.addIssue({ code: "custom", message: `Not a country code: ${unknown.join(", ")}. Use two letters, e.g. GB, IE, FR.` });
    }),
  shippingMethodName: z
    .string()
    .trim()
    .min(1, "Name the delivery method, e.g. UK delivery (3-5 business days).")
    .max(80, "Keep the name to 80 characters."),
  flatRate: pounds("delivery price"),
  /** Empty: the delivery price always applies. */
  freeAbove: z
    .string()
    .trim()
    .default("")
    .transform((value) => value.replace(/^£/, "").replace(/,/g, ""))
    .refine(
      (value) => value === "" || /^\d{1,7}(\.\d{1,2})?$/.test(value),
      "Enter the free delivery threshold in pounds, e.g. 50, or leave it empty.",
    )
    .transform((value) => (value === "" ? null : Math.round(Number(value) * 100))),
  reason: z.string().trim().max(500, "Keep the reason to 500 characters.").default(""),
});

export type DeliverySettingsInput = z.output<typeof deliverySettingsForm>;

export function settingsOfForm(input: DeliverySettingsInput): ShopSettings {
  return {
    shipsTo: input.shipsTo,
    shippingMethodName: input.shippingMethodName,
    rule: { flatRatePence: input.flatRate, freeAbovePence: input.freeAbove },
  };
}

const poundsText = (pence: number) => (pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2));

export function formOfSettings(settings: ShopSettings): Record<string, string> {
  return {
    shipsTo: settings.shipsTo.join(", "),
    shippingMethodName: settings.shippingMethodName,
    flatRate: poundsText(settings.rule.flatRatePence),
    freeAbove: settings.rule.freeAbovePence === null ? "" : poundsText(settings.rule.freeAbovePence),
  };
}

/** "GB (United Kingdom), IE (Ireland)": the codes as the screen confirms them. */
export function describeCountries(codes: readonly string[]): string {
  return codes.map((code) => `${countryName(code)} (${code})`).join(", ");
}
