import { describe, expect, it } from "vitest";
import { checkoutCustomerSchema } from "./checkout";
import { checkCheckoutFields, type CheckoutValues } from "./checkout-form";

/** The server's verdict on the same values, as field → first message. */
function serverErrors(values: CheckoutValues) {
  const parsed = checkoutCustomerSchema.safeParse({ name: values.name ?? "", email: values.email ?? "", phone: values.phone, notes: values.notes });
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
  it.each(cases)("gives the same messages as the server's schema: %o", (values) => {
    expect(checkCheckoutFields(values)).toEqual(serverErrors(values));
  });

  it("uses the spec's messages", () => {
    expect(checkCheckoutFields({ name: " ", email: "" })).toEqual({
      name: "Full name is required",
      email: "Email address is required",
    });
    expect(checkCheckoutFields({ name: "A", email: "nope" })).toEqual({ email: "Please enter a valid email address" });
  });
});
