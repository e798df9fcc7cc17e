import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../db/client.server";
import { contactMessages, emailOutbox } from "../../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { saveContactMessage } from "./contact.server";

let testDb: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const message = {
  name: "Alex Morgan",
  email: "alex@example.com",
  subject: "Hospitality at Thruxton",
  category: "Sponsorship" as const,
  message: "We'd like to bring six guests to Thruxton in July.",
};

describe("saveContactMessage", () => {
  it("stores the message and queues a notification to the team", async () => {
    await saveContactMessage(handle.db, message);
    const [stored] = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, message.email));
    expect(stored).toMatchObject(message);
    const [notification] = await handle.db
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
