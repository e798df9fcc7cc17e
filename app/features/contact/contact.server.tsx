import type { Database } from "../../../db/client.server";
import { contactMessages } from "../../../db/schema";
import { brand } from "~/brand";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { ContactNoticeEmail } from "./contact-email";
import type { ContactMessage } from "./contact-schema";

/** Per visitor address: this many messages per window, then a 429. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

export const CONTACT_NOTICE_REASON = `You receive this because this address is the contact address in the ${brand.name} site settings.`;

export async function contactNoticeEmail(
  frame: EmailFrame,
  to: string,
  message: ContactMessage,
  messageId: string,
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Contact form (${message.category}): ${message.subject}`,
    ...(await renderEmail(
      <ContactNoticeEmail frame={frame} message={message} inboxUrl={`${frame.publicUrl}/admin/messages/${messageId}`} />,
    )),
    headers: { "Reply-To": message.email },
  };
}

/** Stores the message and queues the team's notification e-mail to `teamEmail` (the site settings' address): both or neither. */
export async function saveContactMessage(db: Database, message: ContactMessage, teamEmail: string, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [saved] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    await queueEmail(tx, await contactNoticeEmail(await emailFrame(tx, publicUrl, CONTACT_NOTICE_REASON), teamEmail, message, saved!.id));
  });
}
