import { describe, expect, it } from "vitest";
import { parseSubscribeForm } from "./newsletter-schema";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("parseSubscribeForm", () => {
  it("accepts an address with consent, trimmed and lower-cased", () => {
    expect(parseSubscribeForm(form({ email: "  Fan@Example.COM ", consent: "yes", source: "store" }))).toEqual({
      ok: true,
      value: { email: "fan@example.com", consent: "yes", source: "store" },
    });
  });

  it("says what to fix for each field", () => {
    const result = parseSubscribeForm(form({ email: "not-an-email" }));
    expect(result).toMatchObject({
      ok: false,
      email: "not-an-email",
      fieldErrors: {
        email: "Enter a valid email address, like name@example.com.",
        consent: "Tick the box to agree to receive our emails.",
      },
    });
  });

  it("asks for an address when there is none", () => {
    expect(parseSubscribeForm(form({ consent: "yes" }))).toMatchObject({
      ok: false,
      fieldErrors: { email: "Enter your email address." },
    });
  });

  it("falls back to the footer for an unknown source", () => {
    const result = parseSubscribeForm(form({ email: "a@b.co", consent: "yes", source: "<script>" }));
    expect(result.ok && result.value.source).toBe("footer");
  });

  it("flags a filled-in honeypot", () => {
    expect(parseSubscribeForm(form({ email: "a@b.co", consent: "yes", website: "http://spam" }))).toMatchObject({
      ok: false,
      honeypot: true,
    });
  });
});
