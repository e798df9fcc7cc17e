/** The checkout form's rules and messages (spec §5 and §8), shared by the form and the server. */
import { z } from "~/lib/zod";
import type { OrderAddress } from "../../../../db/schema";
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, checkAddress } from "./address";
import { CHECKOUT_MESSAGES } from "./checkout-form";

export const CHECKOUT_FORM_BANNER = CHECKOUT_MESSAGES.banner;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, message).optional());

/** Name and e-mail required, phone and notes optional (trimmed, dropped when empty). */
export const checkoutCustomerSchema = z.object({
  name: z
    .string({ message: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(200, "Please keep your name under 200 characters"),
  email: z
    .string({ message: "Email address is required" })
    .trim()
    .min(1, { message: "Email address is required", abort: true })
    .max(254, { message: "Please enter a valid email address", abort: true })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  phone: optionalText(40, "Please keep the phone number under 40 characters"),
  notes: optionalText(1000, "Please keep your notes under 1000 characters"),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

// The banner's message mapping lives with the browser-safe form code (no Zod there).
export { checkoutErrorMessage } from "./checkout-form";

const addressText = (max: number) =>
  z
    .string()
    .max(max * 4, ADDRESS_MESSAGES.tooLong)
    .nullish();

/**
 * A delivery address to `shipsTo` countries: the pure rules of checkAddress (address.ts, which
 * the browser runs too), behind a schema that first makes sure every field is text. The result
 * is the stored OrderAddress (postcode normalised, empty optional lines null).
 */
export function deliveryAddressSchema(shipsTo: readonly string[]) {
  // Built once per list of countries: Zod compiles an object schema on its first parse, which
  // would cost every checkout a few milliseconds if the schema were new each time.
  const key = shipsTo.join(",");
  let schema = addressSchemas.get(key);
  if (!schema) {
    schema = buildDeliveryAddressSchema([...shipsTo]);
    addressSchemas.set(key, schema);
  }
  return schema;
}

const addressSchemas = new Map<string, ReturnType<typeof buildDeliveryAddressSchema>>();

function buildDeliveryAddressSchema(shipsTo: readonly string[]) {
  return z
    .object({
      name: addressText(ADDRESS_LIMITS.name),
      line1: addressText(ADDRESS_LIMITS.line1),
      line2: addressText(ADDRESS_LIMITS.line2),
      town: addressText(ADDRESS_LIMITS.town),
      county: addressText(ADDRESS_LIMITS.county),
      postcode: addressText(ADDRESS_LIMITS.postcode),
      country: z.string().max(8, ADDRESS_MESSAGES.country).nullish(),
    })
    .transform((input, ctx): OrderAddress => {
      const checked = checkAddress(input, shipsTo);
      if (checked.ok) return checked.address;
      for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [field], message });
      return z.NEVER;
    });
}
