import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "../../../db/schema";
import { seededTestDatabase } from "../../../tests/support/test-database";
import { saveContactMessage } from "./contact.server";

const suite = seededTestDatabase();

const message = {
  name: "Alex Morgan",
  email: "alex@example.com",
  subject: "Hospitality at Thruxton",
  category: "Sponsorship" as const,
  message: "We'd like to bring six guests to Thruxton in July.",
};

describe("saveContactMessage", () => {
  it("stores the message and queues a notification to the team", async () => {
    await saveContactMessage(suite.db, message, "info@ridgeway-racing.example");
    const [stored] = await suite.db.select().from(contactMessages).where(eq(contactMessages.email, message.email));
    expect(stored).toMatchObject(message);
    const [notification] = await suite.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "info@ridgeway-racing.example"));
    expect(notification).toMatchObject({
      subject: "Contact form (Sponsorship): Hospitality at Thruxton",
      headers: { "Reply-To": "alex@example.com" },
    });
    expect(notification!.textBody).toContain("Name: Alex Morgan");
    expect(notification!.textBody).toContain(message.message);
  });
});
