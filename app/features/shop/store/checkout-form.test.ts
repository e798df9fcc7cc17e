import { describe, expect, it } from "vitest";
import { checkoutCustomerSchema } from "./checkout";
import { checkCheckoutFields, type CheckoutValues } from "./checkout-form";

/** The server's verdict on the same values, as field → first message. */
function serverErrors(values: CheckoutValues) {
  const parsed = checkoutCustomerSchema.safeParse({
    name: values.name ?? "",
    email: values.email ?? "",
    phone: values.phone,
    notes: values.notes,
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("checkCheckoutFields (the browser's check)", () => {
  const cases: CheckoutValues[] = [
    { name: "Alex Fan", email: "alex@example.com" },
    { name: "", email: "" },
    { name: "   ", email: "alex@example.com" },
    { name: "Alex", email: "not-an-email" },
    { name: "Alex", email: "a@b" },
    { name: "Alex", email: `${"a".repeat(250)}@example.com` },
    { name: "x".repeat(201), email: "alex@example.com" },
    { name: "Alex", email: "alex@example.com", phone: "1".repeat(41), notes: "n".repeat(1001) },
    { name: "Alex", email: "alex@example.com", phone: "   ", notes: "" },
  ];
  // A good delivery address, so these cases are about the customer's own fields.
  const address: CheckoutValues = {
    shipName: "Alex Fan",
    shipLine1: "1 Pit Lane",
    shipTown: "Andover",
    shipPostcode: "sp11 8pw",
    shipCountry: "GB",
  };
  it.each(cases)("gives the same messages as the server's schema: %o", (values) => {
    expect(checkCheckoutFields({ ...values, ...address })).toEqual(serverErrors(values));
  });

  it("uses the spec's messages", () => {
    expect(checkCheckoutFields({ name: " ", email: "", ...address })).toEqual({
      name: "Full name is required",
      email: "Email address is required",
    });
    expect(checkCheckoutFields({ name: "A", email: "nope", ...address })).toEqual({ email: "Please enter a valid email address" });
  });

  it("checks a new delivery address with the server's rules, and not a saved one", () => {
    const customer = { name: "Alex", email: "alex@example.com" };
    expect(checkCheckoutFields({ ...customer, ...address, shipPostcode: "SW1A 1A" })).toEqual({
      shipPostcode: "Enter a real UK postcode, like SW1A 1AA",
    });
    expect(checkCheckoutFields({ ...customer, shipCountry: "GB" })).toEqual({
      shipName: "Enter the name of the person receiving the parcel",
      shipLine1: "Enter the first line of the address",
      shipTown: "Enter the town or city",
      shipPostcode: "Enter the postcode",
    });
    expect(checkCheckoutFields({ ...customer, ...address, shipCountry: "FR" })).toEqual({ shipCountry: "Choose a country we deliver to" });
    expect(checkCheckoutFields({ ...customer, ...address, shipCountry: "FR", shipPostcode: "75001" }, ["GB", "FR"])).toEqual({});
    expect(checkCheckoutFields({ ...customer, addressChoice: "3f1c1bde-4a0e-4d3c-9f55-2c2f1b4b6a11" })).toEqual({});
  });
});
