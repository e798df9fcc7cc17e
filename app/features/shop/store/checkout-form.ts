/**
 * The checkout form's browser side: field names, the spec's messages and a
 * small hand-written check (Zod stays out of browser code). The server checks
 * again with checkoutCustomerSchema (checkout.ts), which uses the same messages.
 */
import { ADDRESS_FORM_FIELDS, checkAddress, UK, type AddressField } from "./address";

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

/** The saved-address choice: a saved address's id, or NEW_ADDRESS for the fields below it. */
export const ADDRESS_CHOICE_FIELD = "addressChoice";
export const NEW_ADDRESS = "new";
/** A signed-in shopper may keep the new address in their account. */
export const SAVE_ADDRESS_FIELD = "saveAddress";

export type CheckoutField =
  | "name"
  | "email"
  | "phone"
  | "notes"
  | "shipName"
  | "shipLine1"
  | "shipLine2"
  | "shipTown"
  | "shipCounty"
  | "shipPostcode"
  | "shipCountry"
  | "addressChoice"
  | "saveAddress";

export const CHECKOUT_TEXT_FIELDS: readonly CheckoutField[] = [
  "name",
  "email",
  "phone",
  "notes",
  "shipName",
  "shipLine1",
  "shipLine2",
  "shipTown",
  "shipCounty",
  "shipPostcode",
  "shipCountry",
  "addressChoice",
  "saveAddress",
];
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;
export type CheckoutValues = Partial<Record<CheckoutField, string>>;

/** What the checkout action answers when it does not redirect to the payment page. */
export type CheckoutActionData =
  | { status: "invalid"; banner: string; fieldErrors: CheckoutFieldErrors; values: CheckoutValues }
  | { status: "error"; title: string; message: string; problems: string[]; values: CheckoutValues };

/**
 * The same rules as the server's (checkoutCustomerSchema, checkAddress), for instant feedback
 * before sending. The address is checked only when a new one is entered.
 */
export function checkCheckoutFields(values: CheckoutValues, shipsTo: readonly string[] = [UK]): CheckoutFieldErrors {
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
  if (!values.addressChoice || values.addressChoice === NEW_ADDRESS) {
    const checked = checkAddress(
      Object.fromEntries(Object.entries(ADDRESS_FORM_FIELDS).map(([field, name]) => [field, values[name as CheckoutField]])),
      shipsTo,
    );
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors))
        errors[ADDRESS_FORM_FIELDS[field as AddressField] as CheckoutField] = message;
    }
  }
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
