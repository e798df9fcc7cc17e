import type { Database } from "../../../db/client.server";
import { contactMessages } from "../../../db/schema";
import { brand } from "~/brand";
import { queueEmail } from "~/features/mail/outbox.server";
import type { ContactMessage } from "./contact-schema";

/** Per visitor address: this many messages per window, then a 429. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

/** Stores the message and queues the team's notification e-mail to `teamEmail` (the site settings' address): both or neither. */
export async function saveContactMessage(db: Database, message: ContactMessage, teamEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(message);
    await queueEmail(tx, {
      to: teamEmail,
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
