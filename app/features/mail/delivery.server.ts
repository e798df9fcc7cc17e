import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { emailOutbox } from "../../../db/schema";
import { emailDeliveries } from "../operations/metrics.server";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable across retries, so a receiver can tell a repeat from a new message. */
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Where mail goes, for the logs. */
  description: string;
  send(message: MailMessage, id: string): Promise<void>;
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example:465). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    description: `SMTP ${new URL(smtpUrl).host}`,
    send: async (message) => {
      await transporter.sendMail(message);
    },
  };
}

/**
 * Without an SMTP server, each message is written as a JSON file to a pickup
 * directory, where a developer (or a browser test) can read the links in it.
 */
export function pickupDirectoryTransport(directory: string): MailTransport {
  return {
    description: `files in ${directory}`,
    send: async (message, id) => {
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.json`);
      // Written aside, then renamed: a reader never sees half a message.
      await writeFile(`${file}.partial`, JSON.stringify(message, null, 2));
      await rename(`${file}.partial`, file);
    },
  };
}

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 10;

/**
 * Sends the oldest unsent e-mails. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so several app processes can run this at once without sending anything twice.
 * Returns how many were sent.
 */
export async function deliverPendingEmails(
  db: Database,
  transport: MailTransport,
  options: { from: string; log: Pick<Logger, "info" | "warn"> },
): Promise<number> {
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    let sent = 0;
    for (const email of batch) {
      try {
        await transport.send(
          {
            from: options.from,
            to: email.toAddress,
            subject: email.subject,
            text: email.textBody,
            ...(email.htmlBody ? { html: email.htmlBody } : {}),
            messageId: `<${email.id}@${domain}>`,
            // Sent by the site, not a person: auto-responders must not answer it (RFC 3834).
            headers: { "Auto-Submitted": "auto-generated", ...email.headers },
          },
          email.id,
        );
        await tx
          .update(emailOutbox)
          .set({ sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
          .where(eq(emailOutbox.id, email.id));
        options.log.info({ emailId: email.id, subject: email.subject, via: transport.description }, "e-mail sent");
        emailDeliveries.inc({ outcome: "sent" });
        sent += 1;
      } catch (error) {
        await tx
          .update(emailOutbox)
          .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: String(error) })
          .where(eq(emailOutbox.id, email.id));
        emailDeliveries.inc({ outcome: "failed" });
        options.log.warn({ emailId: email.id, err: error }, "e-mail delivery failed; will retry");
      }
    }
    return sent;
  });
}

/** Runs deliverPendingEmails every `intervalMs` until stopped. */
export function startMailDelivery(
  db: Database,
  transport: MailTransport,
  options: { from: string; log: Logger; intervalMs: number; onRound?: () => void },
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => deliverPendingEmails(db, transport, options))
      .then(() => options.onRound?.())
      .catch((error: unknown) => options.log.error({ err: error }, "e-mail delivery round failed"));
  }, options.intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
