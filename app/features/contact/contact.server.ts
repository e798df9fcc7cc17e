import type { Database } from "../../../db/client.server";
import { contactMessages } from "../../../db/schema";
import { brand } from "~/brand";
import { queueEmail } from "~/features/mail/outbox.server";
import type { ContactMessage } from "./contact-schema";

/** Per visitor address: this many messages per window, then a 429. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

/** Stores the message and queues the team's notification e-mail: both or neither. */
export async function saveContactMessage(db: Database, message: ContactMessage): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(message);
    await queueEmail(tx, {
      to: brand.email,
      subject: `Contact form (${message.category}): ${message.subject}`,
      text: [
        `A new message from the contact form on the ${brand.name} website.`,
        "",
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Category: ${message.category}`,
        `Subject: ${message.subject}`,
        "",
        message.message,
      ].join("\n"),
      headers: { "Reply-To": message.email },
    });
  });
}
