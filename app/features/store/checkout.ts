/** The checkout form's rules and messages (spec §5 and §8), shared by the form and the server. */
import { z } from "~/lib/zod";
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
