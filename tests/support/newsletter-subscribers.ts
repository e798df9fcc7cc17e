import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";

/** Inserts `count` confirmed subscribers (fan-0@example.com, fan-1@…), a thousand rows a statement. */
export async function insertConfirmedSubscribers(db: Pick<Database, "insert">, count: number): Promise<void> {
  const now = new Date();
  for (let start = 0; start < count; start += 1000) {
    await db.insert(newsletterSubscribers).values(
      Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        email: `fan-${start + i}@example.com`,
        source: "footer",
        consentText: "I agree",
        consentedAt: now,
        confirmedAt: now,
        unsubscribeToken: randomBytes(24).toString("base64url"),
      })),
    );
  }
}
