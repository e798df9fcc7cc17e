import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { emailBounces, emailOutbox, type EmailAttachment } from "../../../db/schema";
import { bounceKey, isBulk } from "./delivery-policy";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (app/features/mail/render-email.server.tsx renders both parts from one template). */
  html?: string;
  /** A List-Id header makes it a newsletter (bulk): no Auto-Submitted, and never sent to a bouncing address. */
  headers?: Record<string, string>;
  /** Files sent with it (base64). */
  attachments?: EmailAttachment[];
}

/**
 * Queues an e-mail. Call it inside the transaction that makes the e-mail
 * necessary, so the two are saved (or rolled back) together; the delivery
 * worker sends it afterwards. A newsletter to an address that bounces is not
 * queued (ADR 0071): the answer says so.
 */
export async function queueEmail(db: Pick<Database, "insert" | "select">, email: OutgoingEmail): Promise<"queued" | "bouncing"> {
  const headers = email.headers ?? {};
  if (isBulk(headers) && (await isBouncing(db, email.to))) return "bouncing";
  await db.insert(emailOutbox).values({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    headers,
    attachments: email.attachments ?? null,
  });
  return "queued";
}

/** Whether a mail server has refused this address for good (and no later message got through). */
export async function isBouncing(db: Pick<Database, "select">, address: string): Promise<boolean> {
  const [row] = await db
    .select({ address: emailBounces.address })
    .from(emailBounces)
    .where(eq(emailBounces.address, bounceKey(address)))
    .limit(1);
  return row !== undefined;
}

/**
 * Queues many e-mails in one statement (a newsletter batch), in the caller's transaction;
 * returns their outbox ids in the order given. One insert of 500 rows holds the database for a
 * fraction of the time 500 single inserts do, so pages keep answering while a send is queued.
 * A row to an address that bounces is kept and skipped by delivery (ADR 0071).
 */
export async function queueEmails(db: Pick<Database, "insert">, emails: readonly OutgoingEmail[]): Promise<string[]> {
  // Ids made here, so each e-mail's id is known without relying on the order RETURNING gives.
  const ids = emails.map(() => randomUUID());
  if (emails.length === 0) return ids;
  await db.insert(emailOutbox).values(
    emails.map((email, index) => ({
      id: ids[index],
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      headers: email.headers ?? {},
    })),
  );
  return ids;
}
