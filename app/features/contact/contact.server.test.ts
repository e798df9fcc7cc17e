import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "../../../db/schema";
import { seededTestDatabase } from "../../../tests/support/test-database";
import { saveContactMessage } from "./contact.server";

const suite = seededTestDatabase();
const publicUrl = "https://ridgeway-racing.example";

const message = {
  name: "Alex Morgan",
  email: "alex@example.com",
  subject: "Hospitality at Thruxton",
  category: "Sponsorship" as const,
  message: "We'd like to bring six guests to Thruxton in July.\nIs parking included?",
};

describe("saveContactMessage", () => {
  it("stores the message and queues the team's notice in the one layout, with the inbox link and the sender's line breaks", async () => {
    await saveContactMessage(suite.db, message, "info@ridgeway-racing.example", publicUrl);
    const [stored] = await suite.db.select().from(contactMessages).where(eq(contactMessages.email, message.email));
    expect(stored).toMatchObject(message);
    const [notification] = await suite.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "info@ridgeway-racing.example"));
    expect(notification).toMatchObject({
      subject: "Contact form (Sponsorship): Hospitality at Thruxton",
      headers: { "Reply-To": "alex@example.com" },
    });
    const text = notification!.textBody;
    expect(text).toContain("From: Alex Morgan (alex@example.com)");
    expect(text).toContain("We'd like to bring six guests to Thruxton in July.\nIs parking included?");
    expect(text).toContain(`${publicUrl}/admin/messages/${stored!.id}`);
    expect(notification!.htmlBody).toContain(`href="${publicUrl}/admin/messages/${stored!.id}"`);
    expect(notification!.htmlBody).toContain(`${publicUrl}/email/logo.png`);
  });

  it("shows what a visitor typed as text: markup, right-to-left text, emoji and 500 characters", async () => {
    const hostile = {
      name: `<b onmouseover=alert(1)>Eve</b> שלום 🏁`,
      email: "eve@example.com",
      subject: `<script>alert("x")</script>${"s".repeat(100)}`,
      category: "General Inquiry" as const,
      message: `<img src=x onerror=alert(1)> مرحبا ${"m".repeat(500)}`,
    };
    await saveContactMessage(suite.db, hostile, "team@ridgeway-racing.example", publicUrl);
    const [notification] = await suite.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "team@ridgeway-racing.example"));
    const html = notification!.htmlBody!;
    expect(html).not.toMatch(/<script|<img src=x|<b onmouseover/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; مرحبا");
    expect(html).toContain("שלום 🏁");
    expect(html).toContain("m".repeat(500));
    expect(notification!.textBody).toContain(hostile.message);
  });
});
