/**
 * The checkout form's browser side: field names, the spec's messages and a
 * small hand-written check (Zod stays out of browser code). The server checks
 * again with checkoutCustomerSchema (checkout.ts), which uses the same messages.
 */
export const CHECKOUT_MESSAGES = {
  banner: "Please fill in all required fields correctly.",
  nameRequired: "Full name is required",
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  errorTitle: "Checkout Error",
} as const;

export const CHECKOUT_LIMITS = { name: 200, email: 254, phone: 40, notes: 1000 } as const;

/** Hidden fields that carry the cart: one of each per line, in the same order. */
export const LINE_FIELDS = { productId: "productId", size: "size", quantity: "quantity" } as const;
export const PROMO_FIELD = "promoCode";

export type CheckoutField = "name" | "email" | "phone" | "notes";
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;
export type CheckoutValues = Partial<Record<CheckoutField, string>>;

/** What the checkout action answers when it does not redirect to the payment page. */
export type CheckoutActionData =
  | { status: "invalid"; banner: string; fieldErrors: CheckoutFieldErrors; values: CheckoutValues }
  | { status: "error"; title: string; message: string; problems: string[]; values: CheckoutValues };

/** The same rules as checkoutCustomerSchema, for instant feedback before sending. */
export function checkCheckoutFields(values: CheckoutValues): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  const name = values.name?.trim() ?? "";
  const email = values.email?.trim() ?? "";
  if (!name) errors.name = CHECKOUT_MESSAGES.nameRequired;
  else if (name.length > CHECKOUT_LIMITS.name) errors.name = "Please keep your name under 200 characters";
  if (!email) errors.email = CHECKOUT_MESSAGES.emailRequired;
  else if (email.length > CHECKOUT_LIMITS.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    errors.email = CHECKOUT_MESSAGES.emailInvalid;
  }
  if ((values.phone?.trim().length ?? 0) > CHECKOUT_LIMITS.phone) errors.phone = "Please keep the phone number under 40 characters";
  if ((values.notes?.trim().length ?? 0) > CHECKOUT_LIMITS.notes) errors.notes = "Please keep your notes under 1000 characters";
  return errors;
}

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
