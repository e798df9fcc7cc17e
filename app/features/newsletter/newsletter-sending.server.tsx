import { randomUUID } from "node:crypto";
import { emailPartners } from "~/features/partners/placements.server";
import { and, asc, count, eq, isNotNull, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { newsletterIssues, newsletterRecipients, newsletterSubscribers, type NewsletterIssueStatus } from "../../../db/schema";
import { brand } from "~/brand";
import { emailFrame } from "~/features/mail/email-frame.server";
import { queueEmails } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { NewsletterIssueEmail, type IssueEmailContent } from "./issue-email";
import { newsletterHeaders, personalise, UNSUBSCRIBE_TOKEN_PLACEHOLDER } from "./newsletter-issue";
import { unsubscribeUrl } from "./newsletter.server";

/*
 * Sending an issue (ADR 0074). A due issue is claimed by one process (a conditional UPDATE on
 * a row locked FOR UPDATE SKIP LOCKED, with a lease it renews); that process queues the issue in
 * batches, each one short transaction that writes the recipients' rows (unique per issue and
 * subscriber) and their outbox rows together. A restart, or a second process after the lease
 * runs out, carries on with the confirmed subscribers who have no row yet: nobody gets it twice.
 */

/**
 * Recipients per batch transaction. On PostgreSQL pages use other pool connections meanwhile;
 * the embedded database has one connection, so a page's query waits for the batch in progress
 * and its batches are smaller.
 */
export const NEWSLETTER_BATCH_SIZE = 500;
export const EMBEDDED_NEWSLETTER_BATCH_SIZE = 100;

export function newsletterBatchSize(databaseKind: "pglite" | "postgres"): number {
  return databaseKind === "pglite" ? EMBEDDED_NEWSLETTER_BATCH_SIZE : NEWSLETTER_BATCH_SIZE;
}
/** A claim lapses this long after its last renewal (each batch renews it). */
export const NEWSLETTER_CLAIM_MS = 60_000;

type Issue = typeof newsletterIssues.$inferSelect;

/** Who counts as a recipient: confirmed and not unsubscribed. */
export const isConfirmedSubscriber = () => and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt));

export async function confirmedSubscriberCount(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(isConfirmedSubscriber());
  return row?.n ?? 0;
}

/** The reason line of every issue's footer. */
export function newsletterReason(publicUrl: string): string {
  return `You receive this because you subscribed to the ${brand.name} newsletter on ${publicUrl.replace(/^https?:\/\//, "")} and confirmed it.`;
}

export function issueEmailContent(issue: Issue): IssueEmailContent {
  return {
    subject: issue.subject,
    preheader: issue.preheader,
    body: issue.body,
    articleTitle: issue.articleTitle,
    articleUrl: issue.articleUrl,
    imageUrl: issue.imageUrl,
    imageAlt: issue.imageAlt,
  };
}

/** Both parts of an issue, with the placeholder where each recipient's unsubscribe token goes. */
export async function renderIssueTemplate(
  db: Pick<Database, "select">,
  publicUrl: string,
  issue: Issue,
): Promise<{ html: string; text: string }> {
  const frame = await emailFrame(db, publicUrl, newsletterReason(publicUrl), await emailPartners(db, publicUrl, `newsletter-${issue.id}`));
  return renderEmail(
    <NewsletterIssueEmail
      frame={frame}
      issue={issueEmailContent(issue)}
      leaveUrl={unsubscribeUrl(publicUrl, UNSUBSCRIBE_TOKEN_PLACEHOLDER)}
    />,
  );
}

/**
 * Claims the next due issue for `worker`: scheduled and due, or sending with a lapsed claim
 * (its process stopped). Returns null when there is none or another process holds them all.
 */
export async function claimDueIssue(db: Database, worker: string, now = new Date()): Promise<Issue | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(
        or(
          and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.sendAt, now)),
          and(eq(newsletterIssues.status, "sending"), or(isNull(newsletterIssues.claimedUntil), lt(newsletterIssues.claimedUntil, now))),
        ),
      )
      .orderBy(asc(newsletterIssues.sendAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(newsletterIssues)
      .set({
        status: "sending" satisfies NewsletterIssueStatus,
        claimedBy: worker,
        claimedUntil: new Date(now.getTime() + NEWSLETTER_CLAIM_MS),
        startedAt: sql`coalesce(${newsletterIssues.startedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(newsletterIssues.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

export type BatchOutcome = { kind: "queued"; count: number } | { kind: "finished"; recipients: number } | { kind: "lost-claim" };

/**
 * Queues the issue for the next `batchSize` confirmed subscribers who have not had it, in one
 * transaction that first renews the claim (so a process that lost it writes nothing). When
 * nobody is left, marks the issue sent.
 */
export async function queueNextBatch(
  db: Database,
  issue: Pick<Issue, "id" | "subject">,
  worker: string,
  template: { html: string; text: string },
  options: { publicUrl: string; batchSize?: number; now?: () => Date },
): Promise<BatchOutcome> {
  const now = options.now ?? (() => new Date());
  return db.transaction(async (tx) => {
    const at = now();
    const [held] = await tx
      .update(newsletterIssues)
      .set({ claimedUntil: new Date(at.getTime() + NEWSLETTER_CLAIM_MS) })
      .where(and(eq(newsletterIssues.id, issue.id), eq(newsletterIssues.status, "sending"), eq(newsletterIssues.claimedBy, worker)))
      .returning({ id: newsletterIssues.id });
    if (!held) return { kind: "lost-claim" } as const;

    const batch = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, token: newsletterSubscribers.unsubscribeToken })
      .from(newsletterSubscribers)
      .where(
        and(
          isConfirmedSubscriber(),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(newsletterRecipients)
              .where(and(eq(newsletterRecipients.issueId, issue.id), eq(newsletterRecipients.subscriberId, newsletterSubscribers.id))),
          ),
        ),
      )
      .orderBy(asc(newsletterSubscribers.id))
      .limit(options.batchSize ?? NEWSLETTER_BATCH_SIZE);

    if (batch.length === 0) {
      const [total] = await tx.select({ n: count() }).from(newsletterRecipients).where(eq(newsletterRecipients.issueId, issue.id));
      await tx
        .update(newsletterIssues)
        .set({ status: "sent" satisfies NewsletterIssueStatus, finishedAt: at, claimedBy: null, claimedUntil: null })
        .where(eq(newsletterIssues.id, issue.id));
      return { kind: "finished", recipients: total?.n ?? 0 } as const;
    }

    const outboxIds = await queueEmails(
      tx,
      batch.map((subscriber) => ({
        to: subscriber.email,
        subject: issue.subject,
        html: personalise(template.html, subscriber.token),
        text: personalise(template.text, subscriber.token),
        headers: newsletterHeaders(options.publicUrl, unsubscribeUrl(options.publicUrl, subscriber.token)),
      })),
    );
    const rows = batch.map((subscriber, index) => ({
      issueId: issue.id,
      subscriberId: subscriber.id,
      email: subscriber.email,
      outboxId: outboxIds[index]!,
      queuedAt: at,
    }));
    // A duplicate (issue, subscriber) fails the insert and rolls the whole batch back, outbox
    // rows included: the unique constraint is what makes a second copy impossible.
    await tx.insert(newsletterRecipients).values(rows);
    return { kind: "queued", count: batch.length } as const;
  });
}

/** Hands an issue back (a process shutting down): the next round of any process resumes it. */
export async function releaseClaim(db: Database, issueId: string, worker: string): Promise<void> {
  await db
    .update(newsletterIssues)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "sending"), eq(newsletterIssues.claimedBy, worker)));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SendingOptions {
  publicUrl: string;
  worker?: string;
  batchSize?: number;
  /** Rest between batches, so page requests get the database in between. */
  pauseMs?: number;
  /** Stop after this many batches (tests: a process that dies mid-send). */
  maxBatches?: number;
  shouldStop?: () => boolean;
  /** Called after each batch: a long send is a job at work, not one stuck (ADR 0047's job lag). */
  onBatch?: () => void;
  now?: () => Date;
  log?: Pick<Logger, "info" | "warn">;
}

/** Claims and queues every due issue, batch by batch. Returns how many e-mails it queued. */
export async function sendDueNewsletters(db: Database, options: SendingOptions): Promise<number> {
  const worker = options.worker ?? randomUUID();
  const now = options.now ?? (() => new Date());
  let queued = 0;
  let batches = 0;
  for (;;) {
    if (options.shouldStop?.()) return queued;
    const issue = await claimDueIssue(db, worker, now());
    if (!issue) return queued;
    const template = await renderIssueTemplate(db, options.publicUrl, issue);
    options.log?.info({ issueId: issue.id }, "newsletter: sending an issue");
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) return queued;
      if (options.shouldStop?.()) {
        await releaseClaim(db, issue.id, worker);
        return queued;
      }
      const outcome = await queueNextBatch(db, issue, worker, template, {
        publicUrl: options.publicUrl,
        batchSize: options.batchSize,
        now,
      });
      batches += 1;
      options.onBatch?.();
      if (outcome.kind === "queued") queued += outcome.count;
      else {
        if (outcome.kind === "finished")
          options.log?.info({ issueId: issue.id, recipients: outcome.recipients }, "newsletter: issue queued for every recipient");
        else options.log?.warn({ issueId: issue.id }, "newsletter: another process took over the issue");
        break;
      }
      await pause(options.pauseMs ?? 0);
    }
  }
}

/**
 * Runs sendDueNewsletters once at start (a send cut short by a restart resumes) and then
 * `intervalMs` after each round ends. stop() lets the current batch finish and hands the issue
 * back, so the next process to start carries on at once rather than after the claim lapses.
 */
export function startNewsletterSending(
  db: Database,
  options: { publicUrl: string; log: Logger; intervalMs: number; batchSize?: number; pauseMs?: number; onRound?: () => void },
): { stop(): Promise<void> } {
  const worker = randomUUID();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = sendDueNewsletters(db, {
      publicUrl: options.publicUrl,
      worker,
      batchSize: options.batchSize,
      pauseMs: options.pauseMs ?? 25,
      shouldStop: () => stopping,
      onBatch: options.onRound,
      log: options.log,
    })
      .then(() => options.onRound?.())
      .catch((error: unknown) => options.log.warn({ err: error }, "newsletter sending failed; will retry"))
      .finally(() => {
        if (stopping) return;
        timer = setTimeout(round, options.intervalMs);
        timer.unref();
      });
  };
  round();
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
