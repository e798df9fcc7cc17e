/** The checkout form's rules and messages (spec §5 and §8), shared by the form and the server. */
import { z } from "~/lib/zod";

export const CHECKOUT_FORM_BANNER = "Please fill in all required fields correctly.";

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

/**
 * The message the 'Checkout Error' banner shows for a failure, mapped as the
 * spec lists (matched case-insensitively).
 */
export function checkoutErrorMessage(message: string): string {
  const text = message.toLowerCase();
  if (text.includes("network") || text.includes("fetch")) {
    return "Network connection failed. Please check your internet connection and try again.";
  }
  if (text.includes("cors")) return "Security error. Please refresh the page and try again.";
  if (text.includes("configuration")) return "Service configuration error. Please contact support.";
  if (text.includes("required")) return message;
  return "Unable to process checkout. Please try again.";
}
