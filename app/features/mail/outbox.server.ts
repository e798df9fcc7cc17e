import { randomUUID } from "node:crypto";
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

/**
 * Queues many e-mails in one statement (a newsletter batch), in the caller's transaction;
 * returns their outbox ids in the order given. One insert of 500 rows holds the database for a
 * fraction of the time 500 single inserts do, so pages keep answering while a send is queued.
 */
export async function queueEmails(db: Pick<Database, "insert">, emails: readonly OutgoingEmail[]): Promise<string[]> {
  // Ids made here, so each e-mail's id is known without relying on the order RETURNING gives.
  const ids = emails.map(() => randomUUID());
  if (emails.length === 0) return ids;
  await db
    .insert(emailOutbox)
    .values(emails.map((email, index) => ({ id: ids[index], toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html ?? null, headers: email.headers ?? {} })));
  return ids;
}
