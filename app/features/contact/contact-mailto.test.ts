import { describe, expect, it } from "vitest";
import { contactMailtoHref } from "./contact-mailto";

const message = {
  name: "Alex Morgan",
  email: "alex@example.com",
  subject: "Pit walk & paddock passes?",
  category: "Fan Engagement" as const,
  message: "Hello team,\nCan we visit the garage at Castle Combe?",
};

describe("contactMailtoHref", () => {
  it("addresses the team and carries the subject", () => {
    const href = contactMailtoHref("info@ridgeway-racing.example", message);
    expect(href.startsWith("mailto:info@ridgeway-racing.example?subject=Pit%20walk%20%26%20paddock%20passes%3F&body=")).toBe(true);
  });

  it("writes name, email, category and message into the body with CRLF line breaks", () => {
    const url = new URL(contactMailtoHref("info@ridgeway-racing.example", message));
    expect(url.searchParams.get("body")).toBe(
      "Name: Alex Morgan\r\nEmail: alex@example.com\r\nCategory: Fan Engagement\r\n\r\nMessage:\r\nHello team,\r\nCan we visit the garage at Castle Combe?",
    );
    expect(url.search).not.toContain("+");
  });
});
