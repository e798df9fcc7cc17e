import { describe, expect, it } from "vitest";
import { checkoutCustomerSchema, checkoutErrorMessage } from "./checkout";

const errors = (input: unknown) => {
  const result = checkoutCustomerSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("checkoutCustomerSchema", () => {
  it("trims fields and drops empty optional ones", () => {
    expect(checkoutCustomerSchema.parse({ name: "  Alex Fan ", email: " alex@example.com ", phone: "  ", notes: "" })).toEqual({
      name: "Alex Fan",
      email: "alex@example.com",
    });
    expect(checkoutCustomerSchema.parse({ name: "A", email: "a@b.co", phone: " 07700 900123 ", notes: " Leave at the door " })).toEqual({
      name: "A",
      email: "a@b.co",
      phone: "07700 900123",
      notes: "Leave at the door",
    });
  });

  it("gives the spec's messages", () => {
    expect(errors({ name: "   ", email: "" })).toEqual({ name: "Full name is required", email: "Email address is required" });
    expect(errors({})).toEqual({ name: "Full name is required", email: "Email address is required" });
    for (const email of ["alex", "alex@example", "alex @example.com", "@example.com"]) {
      expect(errors({ name: "Alex", email }), email).toEqual({ email: "Please enter a valid email address" });
    }
    expect(errors({ name: "Alex", email: "a@b.co", notes: "x".repeat(1001) })).toHaveProperty("notes");
  });
});

describe("checkoutErrorMessage", () => {
  it.each([
    ["Failed to fetch", "Network connection failed. Please check your internet connection and try again."],
    ["network timeout", "Network connection failed. Please check your internet connection and try again."],
    ["Blocked by CORS policy", "Security error. Please refresh the page and try again."],
    ["Stripe configuration missing", "Service configuration error. Please contact support."],
    ["Customer information is required", "Customer information is required"],
    ["Server error", "Unable to process checkout. Please try again."],
  ])("maps %s", (message, shown) => {
    expect(checkoutErrorMessage(message)).toBe(shown);
  });
});
