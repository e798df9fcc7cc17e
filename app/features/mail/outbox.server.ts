import type { Database } from "../../../db/client.server";
import { emailOutbox } from "../../../db/schema";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (app/features/mail/render-email.server.tsx renders both parts from one template). */
  html?: string;
  headers?: Record<string, string>;
}

/**
 * Queues an e-mail. Call it inside the transaction that makes the e-mail
 * necessary, so the two are saved (or rolled back) together; the delivery
 * worker sends it afterwards. Returns the outbox row's id (a newsletter's
 * sending report follows each recipient's message by it).
 */
export async function queueEmail(db: Pick<Database, "insert">, email: OutgoingEmail): Promise<string> {
  const [row] = await db.insert(emailOutbox).values({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    headers: email.headers ?? {},
  }).returning({ id: emailOutbox.id });
  return row!.id;
}
