import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { emailBounces, emailOutbox } from "../../../db/schema";
import { emailDeliveries } from "../operations/metrics.server";
import { bounceKey, classifyFailure, deliveryHeaders, describeFailure, isBulk, MAX_ATTEMPTS, retryDelayMs } from "./delivery-policy";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files with the message (base64), as nodemailer takes them. */
  attachments?: Array<{ filename: string; contentType: string; content: string; encoding: "base64" }>;
  /** Stable across retries, so a receiver can tell a repeat from a new message. */
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Where mail goes, for the logs. */
  description: string;
  send(message: MailMessage, id: string): Promise<void>;
  /** How many messages it can have in flight at once (its kept-open connections); 1 if unset. */
  connections?: number;
  /** Closes kept-open connections (at shutdown). */
  close?(): void;
}

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example:465), over
 * a small pool of kept-open connections, signed with DKIM when a key is configured. The timeouts
 * bound one message to about two minutes, well inside a round's lease (ADR 0070).
 */
const SMTP_CONNECTIONS = 2;

export function smtpTransport(smtpUrl: string, options: { dkim?: DkimKey } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });
  return {
    description: `SMTP ${new URL(smtpUrl).host}${options.dkim ? ` (DKIM ${options.dkim.keySelector}._domainkey.${options.dkim.domainName})` : ""}`,
    send: async (message) => {
      await transporter.sendMail(message);
    },
    connections: SMTP_CONNECTIONS,
    close: () => transporter.close(),
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

/** Messages claimed per round; a full round is followed at once by another. */
export const BATCH_SIZE = 50;
/** How long a round owns the messages it claimed. */
export const LEASE_MS = 5 * 60_000;
/** A round sends no new message once less than this is left of its lease (one message's worst case). */
const SEND_MARGIN_MS = 2 * 60_000 + 10_000;

export interface DeliveryOptions {
  from: string;
  log: Pick<Logger, "info" | "warn">;
  /** The clock (tests move it); every process should keep to real time within seconds. */
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  /** Called once per message, after its send was recorded (partner counts read the mentions in it). */
  onSent?: (email: Pick<ClaimedEmail, "id" | "htmlBody">) => void;
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Given up: refused for good, out of attempts, or a newsletter to a bouncing address. */
  failed: number;
  /** The mail server could not be reached: the round stopped and gave its other messages back. */
  serverDown: boolean;
}

type ClaimedEmail = typeof emailOutbox.$inferSelect;

/** The message as it is handed to the transport: the outbox row's parts and headers, from the site's sender. */
export function outgoingMessage(
  email: Pick<ClaimedEmail, "id" | "toAddress" | "subject" | "textBody" | "htmlBody" | "headers"> &
    Partial<Pick<ClaimedEmail, "attachments">>,
  from: string,
): MailMessage {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return {
    from,
    to: email.toAddress,
    subject: email.subject,
    text: email.textBody,
    ...(email.htmlBody ? { html: email.htmlBody } : {}),
    ...(email.attachments?.length
      ? {
          attachments: email.attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content,
            encoding: "base64",
          })),
        }
      : {}),
    // Made from the row: a retry repeats it, so a receiver can tell a repeat from a new message.
    messageId: `<${email.id}@${domain}>`,
    headers: deliveryHeaders(email.headers),
  };
}

/**
 * Claims up to a batch of due messages for this round, in one short statement: rows are
 * chosen with FOR UPDATE SKIP LOCKED and stamped with a lease, so two processes never claim the
 * same row, and a row whose lease ran out (its process died mid-send) is due again.
 */
async function claimBatch(db: Database, now: Date, batchSize: number, leaseMs: number): Promise<ClaimedEmail[]> {
  // A message is queued at the database's now(), in microseconds; `now` is a JavaScript date, in
  // milliseconds. One queued within the round's own millisecond is due: compare to its end.
  const endOfNow = new Date(now.getTime() + 1);
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        lt(emailOutbox.nextAttemptAt, endOfNow),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * One delivery round: claim a batch (a short statement), send each message outside any
 * transaction, on each of the transport's connections at once, and record each result in its
 * own statement. Pages never wait behind a mail server, even on the embedded database's single
 * connection (ADR 0070).
 */
export async function deliveryRound(db: Database, transport: MailTransport, options: DeliveryOptions): Promise<DeliveryRound> {
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const startedAt = clock();
  const batch = await claimBatch(db, startedAt, options.batchSize ?? BATCH_SIZE, leaseMs);
  const round: DeliveryRound = { claimed: batch.length, sent: 0, retrying: 0, failed: 0, serverDown: false };
  if (batch.length === 0) return round;
  const bulkAddresses = [...new Set(batch.filter((email) => isBulk(email.headers)).map((email) => bounceKey(email.toAddress)))];
  const bouncing = new Map(
    bulkAddresses.length === 0
      ? []
      : (await db.select().from(emailBounces).where(inArray(emailBounces.address, bulkAddresses))).map((bounce) => [
          bounce.address,
          bounce,
        ]),
  );

  // The first message goes alone: when the mail server is down, it is the only one tried. Then
  // one sender per kept-open connection, each taking the next message: while one waits on the
  // mail server, the other's result is being recorded.
  let next = 0;
  const givenBack: string[] = [];
  const sendUpTo = async (end: number) => {
    while (next < end) {
      const email = batch[next++]!;
      const leaseLeft = startedAt.getTime() + leaseMs - clock().getTime();
      if (round.serverDown || leaseLeft < Math.min(SEND_MARGIN_MS, leaseMs / 2)) givenBack.push(email.id);
      else await sendOne(db, transport, email, bouncing, round, options, clock);
    }
  };
  await sendUpTo(1);
  await Promise.all(Array.from({ length: Math.max(1, transport.connections ?? 1) }, () => sendUpTo(batch.length)));
  if (givenBack.length > 0) {
    // Not sent by this round: given back, due at once for the next one.
    await db
      .update(emailOutbox)
      .set({ claimedUntil: null })
      .where(and(inArray(emailOutbox.id, givenBack), isNull(emailOutbox.sentAt)));
  }
  return round;
}

/** Sends one claimed message (or skips it: a newsletter to a bouncing address) and records the outcome. */
async function sendOne(
  db: Database,
  transport: MailTransport,
  email: ClaimedEmail,
  bouncing: Map<string, typeof emailBounces.$inferSelect>,
  round: DeliveryRound,
  options: DeliveryOptions,
  clock: () => Date,
) {
  const bounce = isBulk(email.headers) ? bouncing.get(bounceKey(email.toAddress)) : undefined;
  if (bounce) {
    await db
      .update(emailOutbox)
      .set({ failedAt: clock(), claimedUntil: null, lastError: `Not sent: the address is bouncing (${bounce.lastResponse})` })
      .where(eq(emailOutbox.id, email.id));
    emailDeliveries.inc({ outcome: "skipped" });
    round.failed += 1;
    return;
  }
  try {
    await transport.send(outgoingMessage(email, options.from), email.id);
  } catch (error) {
    await recordFailure(db, email, error, clock(), round, options.log);
    return;
  }
  const recorded = await db
    .update(emailOutbox)
    .set({ sentAt: clock(), claimedUntil: null, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null, failedAt: null })
    // The first record of a send stands (a round that outlived its lease may finish late).
    .where(and(eq(emailOutbox.id, email.id), isNull(emailOutbox.sentAt)))
    .returning({ id: emailOutbox.id });
  if (recorded.length > 0) options.onSent?.(email);
  // The address takes mail again (a mailbox restored, or a refusal that was about one message).
  if (!isBulk(email.headers)) await db.delete(emailBounces).where(eq(emailBounces.address, bounceKey(email.toAddress)));
  options.log.info({ emailId: email.id, subject: email.subject, via: transport.description }, "e-mail sent");
  emailDeliveries.inc({ outcome: "sent" });
  round.sent += 1;
}

async function recordFailure(
  db: Database,
  email: ClaimedEmail,
  error: unknown,
  now: Date,
  round: DeliveryRound,
  log: DeliveryOptions["log"],
) {
  const kind = classifyFailure(error);
  const attempts = email.attempts + 1;
  const reason = describeFailure(error);
  const givenUp = kind === "permanent" || kind === "rejected" || attempts >= MAX_ATTEMPTS;
  await db
    .update(emailOutbox)
    .set({
      attempts,
      lastError: reason,
      claimedUntil: null,
      ...(givenUp ? { failedAt: now } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
    })
    .where(and(eq(emailOutbox.id, email.id), isNull(emailOutbox.sentAt)));
  if (kind === "permanent") {
    const address = bounceKey(email.toAddress);
    await db
      .insert(emailBounces)
      .values({ address, firstBouncedAt: now, lastBouncedAt: now, lastResponse: reason })
      .onConflictDoUpdate({
        target: emailBounces.address,
        set: { lastBouncedAt: now, lastResponse: reason, bounces: sql`${emailBounces.bounces} + 1` },
      });
  }
  if (kind === "server") round.serverDown = true;
  if (givenUp) round.failed += 1;
  else round.retrying += 1;
  emailDeliveries.inc({ outcome: givenUp ? "failed" : "deferred" });
  log.warn(
    { emailId: email.id, attempts, kind, err: error },
    givenUp
      ? "e-mail delivery failed; not tried again"
      : `e-mail delivery failed; next attempt in ${Math.round(retryDelayMs(attempts) / 1000)} s`,
  );
}

/** Sends what is due (one round); returns how many were sent. */
export async function deliverPendingEmails(db: Database, transport: MailTransport, options: DeliveryOptions): Promise<number> {
  return (await deliveryRound(db, transport, options)).sent;
}

/** After the mail server could not be reached, rounds pause this long, doubling up to five minutes. */
const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 5 * 60_000;

/**
 * Runs delivery rounds every `intervalMs` until stopped. A full round is followed at once by
 * another (after the event loop has served what waits), so a newsletter goes out in a steady
 * stream of short statements; a mail server that cannot be reached pauses the rounds.
 */
export function startMailDelivery(
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions & { log: Logger; intervalMs: number; onRound?: () => void },
): { stop(): Promise<void> } {
  let stopped = false;
  let pause = 0;
  let pausedUntil = 0;
  const rounds = async () => {
    for (;;) {
      if (stopped) return;
      if (Date.now() < pausedUntil) {
        // Waiting on purpose is not lag.
        options.onRound?.();
        return;
      }
      const round = await deliveryRound(db, transport, options);
      options.onRound?.();
      if (round.serverDown) {
        pause = pause === 0 ? FIRST_PAUSE_MS : Math.min(pause * 2, LONGEST_PAUSE_MS);
        pausedUntil = Date.now() + pause;
        options.log.warn({ pauseMs: pause, via: transport.description }, "the mail server cannot be reached; delivery pauses");
        return;
      }
      if (round.sent > 0) pause = 0;
      if (round.claimed < (options.batchSize ?? BATCH_SIZE)) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = rounds()
      .catch((error: unknown) => options.log.error({ err: error }, "e-mail delivery round failed"))
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close?.();
    },
  };
}
