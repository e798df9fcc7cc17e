import { z } from "~/lib/zod";

/*
 * The carriers the shop desk offers when an order is shipped, with the public tracking page of
 * each. "other" takes a tracking link typed by staff. See docs/decisions/0034-order-fulfilment.md.
 */

export const CARRIERS = {
  "royal-mail": { label: "Royal Mail", url: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  parcelforce: { label: "Parcelforce", url: (n: string) => `https://www.parcelforce.com/track-trace?trackNumber=${n}` },
  dpd: { label: "DPD", url: (n: string) => `https://track.dpd.co.uk/parcels/${n}` },
  evri: { label: "Evri", url: (n: string) => `https://www.evri.com/track/parcel/${n}` },
  dhl: { label: "DHL", url: (n: string) => `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}` },
  ups: { label: "UPS", url: (n: string) => `https://www.ups.com/track?loc=en_GB&tracknum=${n}` },
  other: { label: "Other carrier", url: null },
} as const satisfies Record<string, { label: string; url: ((n: string) => string) | null }>;

export type CarrierKey = keyof typeof CARRIERS;
export const CARRIER_KEYS = Object.keys(CARRIERS) as CarrierKey[];

export function carrierLabel(key: string | null): string | null {
  if (!key) return null;
  return key in CARRIERS ? CARRIERS[key as CarrierKey].label : key;
}

/** The "mark shipped" form: carrier, tracking number, and a link only for "other". */
export const shipFormSchema = z
  .object({
    carrier: z.enum(CARRIER_KEYS as [CarrierKey, ...CarrierKey[]], { error: "Choose the carrier." }),
    trackingNumber: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .pipe(
        z
          .string()
          .min(4, { error: "Enter the tracking number the carrier gave you." })
          .max(40, { error: "A tracking number is at most 40 characters." })
          .regex(/^[A-Z0-9-]+$/, { error: "A tracking number has only letters, digits and dashes." }),
      ),
    trackingUrl: z.string().trim().max(500).optional().default(""),
  })
  .superRefine((value, ctx) => {
    if (value.carrier !== "other") return;
    let ok: boolean;
    try {
      ok = new URL(value.trackingUrl).protocol === "https:";
    } catch {
      ok = false;
    }
    if (!ok)
      ctx.addIssue({
        code: "custom",
        path: ["trackingUrl"],
        message: "For another carrier, enter the https:// link where the customer can track the parcel.",
      });
  })
  .transform((value) => ({
    carrier: value.carrier,
    trackingNumber: value.trackingNumber,
    trackingUrl: value.carrier === "other" ? value.trackingUrl : CARRIERS[value.carrier].url!(encodeURIComponent(value.trackingNumber)),
  }));

export type ShipForm = z.infer<typeof shipFormSchema>;
