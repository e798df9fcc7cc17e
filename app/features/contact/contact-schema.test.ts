import { describe, expect, it } from "vitest";
import { isHoneypotFilled, parseContactForm, rateLimitedMessage } from "./contact-schema";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = {
  name: "  Alex   Morgan ",
  email: " alex@example.com ",
  subject: "Hospitality\nat Thruxton",
  category: "Sponsorship",
  message: "  We'd like to bring six guests to Thruxton.  ",
};

describe("parseContactForm", () => {
  it("accepts a complete message, tidied", () => {
    expect(parseContactForm(form(valid))).toEqual({
      ok: true,
      value: {
        name: "Alex Morgan",
        email: "alex@example.com",
        subject: "Hospitality at Thruxton",
        category: "Sponsorship",
        message: "We'd like to bring six guests to Thruxton.",
      },
    });
  });

  it("says what is missing, field by field, and keeps what was typed", () => {
    expect(parseContactForm(form({ category: "General Inquiry" }))).toEqual({
      ok: false,
      fieldErrors: {
        name: "Enter your full name.",
        email: "Enter your email address.",
        subject: "Enter a subject.",
        message: "Enter your message.",
      },
      values: { name: "", email: "", subject: "", category: "General Inquiry", message: "" },
    });
  });

  it("checks the e-mail address, the category and the lengths", () => {
    const result = parseContactForm(
      form({
        name: "A".repeat(101),
        email: "alex@",
        subject: "S".repeat(151),
        category: "Complaints",
        message: "Too short",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        name: "Keep your name to 100 characters or fewer.",
        email: "Enter a valid email address, like name@example.com.",
        subject: "Keep the subject to 150 characters or fewer.",
        category: "Choose a category from the list.",
        message: "Your message needs at least 10 characters.",
      },
    });
    expect(parseContactForm(form({ ...valid, message: "M".repeat(5001) }))).toMatchObject({
      ok: false,
      fieldErrors: { message: "Keep your message to 5,000 characters or fewer." },
    });
    expect(parseContactForm(form({ ...valid, name: "N".repeat(100), message: "M".repeat(5000) })).ok).toBe(true);
  });
});

describe("isHoneypotFilled", () => {
  it("spots the hidden field filled in", () => {
    expect(isHoneypotFilled(form({ ...valid, website: "https://spam.example" }))).toBe(true);
    expect(isHoneypotFilled(form({ ...valid, website: "" }))).toBe(false);
    expect(isHoneypotFilled(form(valid))).toBe(false);
  });
});

describe("rateLimitedMessage", () => {
  it("rounds the wait up to whole minutes", () => {
    expect(rateLimitedMessage(599)).toBe("You've sent several messages in a short time. Please try again in 10 minutes.");
    expect(rateLimitedMessage(61)).toBe("You've sent several messages in a short time. Please try again in 2 minutes.");
    expect(rateLimitedMessage(20)).toBe("You've sent several messages in a short time. Please try again in 1 minute.");
  });
});

describe("a refused form is echoed back cut to what each field may hold", () => {
  it("never returns a value longer than the field's limit", () => {
    const form = new FormData();
    form.set("name", "n".repeat(10_000));
    form.set("email", "not-an-email");
    form.set("subject", "s".repeat(10_000));
    form.set("category", "c".repeat(10_000));
    form.set("message", "m".repeat(60_000));
    const parsed = parseContactForm(form);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.message).toBe("Keep your message to 5,000 characters or fewer.");
    expect(parsed.values.message).toHaveLength(5000);
    expect(parsed.values.name).toHaveLength(100);
    expect(parsed.values.subject).toHaveLength(150);
    expect(parsed.values.category).toHaveLength(50);
  });
});
