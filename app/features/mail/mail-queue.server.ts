import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { emailBounces, emailOutbox } from "../../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext } from "~/features/admin/audit.server";
import { bounceKey, isBulk, outboxState, type OutboxState } from "./delivery-policy";
import { pageOffset } from "~/lib/pagination";

/*
 * The mail queue at the desk (/admin/mail, ADR 0070): what waits, what is being retried and
 * when, what was given up and why, and which addresses bounce. Staff can send a message again
 * at once ("Retry now") and clear an address that bounced; both are audited.
 */

export const MAIL_QUEUE_VIEWS = ["problems", "waiting", "failed", "sent", "bouncing"] as const;
export type MailQueueView = (typeof MAIL_QUEUE_VIEWS)[number];
export const MAIL_QUEUE_PAGE_SIZE = 50;

export function mailQueueView(url: URL): MailQueueView {
  const view = url.searchParams.get("show");
  return (MAIL_QUEUE_VIEWS as readonly string[]).includes(view ?? "") ? (view as MailQueueView) : "problems";
}

const waiting = and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt));

function filterOf(view: Exclude<MailQueueView, "bouncing">) {
  switch (view) {
    case "problems":
      return and(isNull(emailOutbox.sentAt), sql`(${emailOutbox.failedAt} is not null or ${emailOutbox.attempts} > 0)`);
    case "waiting":
      return waiting;
    case "failed":
      return isNotNull(emailOutbox.failedAt);
    case "sent":
      return isNotNull(emailOutbox.sentAt);
  }
}

export interface MailQueueRow {
  id: string;
  to: string;
  subject: string;
  bulk: boolean;
  state: OutboxState;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  failedAt: Date | null;
  lastError: string | null;
  bouncing: boolean;
}

export interface MailQueueCounts {
  waiting: number;
  retrying: number;
  failed: number;
  sentToday: number;
  bouncing: number;
}

export async function mailQueueCounts(db: Database, now = new Date()): Promise<MailQueueCounts> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const [[messages], [bounces]] = await Promise.all([
    db
      .select({
        waiting: sql<number>`count(*) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null)::int`,
        retrying: sql<number>`count(*) filter (where ${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null and ${emailOutbox.attempts} > 0)::int`,
        failed: sql<number>`count(*) filter (where ${emailOutbox.failedAt} is not null)::int`,
        sentToday: sql<number>`count(*) filter (where ${emailOutbox.sentAt} > ${dayAgo.toISOString()})::int`,
      })
      .from(emailOutbox),
    db.select({ value: count() }).from(emailBounces),
  ]);
  return {
    waiting: messages!.waiting,
    retrying: messages!.retrying,
    failed: messages!.failed,
    sentToday: messages!.sentToday,
    bouncing: bounces?.value ?? 0,
  };
}

export async function listMailQueue(
  db: Database,
  view: Exclude<MailQueueView, "bouncing">,
  page: number,
  now = new Date(),
): Promise<{ rows: MailQueueRow[]; total: number }> {
  const where = filterOf(view);
  const order =
    view === "waiting"
      ? [asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt)]
      : view === "sent"
        ? [desc(emailOutbox.sentAt)]
        : [desc(sql`coalesce(${emailOutbox.failedAt}, ${emailOutbox.nextAttemptAt})`), desc(emailOutbox.createdAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        headers: emailOutbox.headers,
        attempts: emailOutbox.attempts,
        createdAt: emailOutbox.createdAt,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        claimedUntil: emailOutbox.claimedUntil,
        sentAt: emailOutbox.sentAt,
        failedAt: emailOutbox.failedAt,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(MAIL_QUEUE_PAGE_SIZE)
      .offset(pageOffset(page, MAIL_QUEUE_PAGE_SIZE)),
    db.select({ value: count() }).from(emailOutbox).where(where),
  ]);
  const addresses = [...new Set(rows.map((row) => bounceKey(row.toAddress)))];
  const bouncing = new Set(
    addresses.length === 0
      ? []
      : (await db.select({ address: emailBounces.address }).from(emailBounces).where(inArray(emailBounces.address, addresses))).map(
          (row) => row.address,
        ),
  );
  return {
    total: total?.value ?? 0,
    rows: rows.map((row) => {
      const state = outboxState(row, now);
      return {
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        bulk: isBulk(row.headers),
        state,
        attempts: row.attempts,
        createdAt: row.createdAt,
        nextAttemptAt: state === "retrying" || state === "queued" ? row.nextAttemptAt : null,
        sentAt: row.sentAt,
        failedAt: row.failedAt,
        lastError: row.lastError,
        bouncing: bouncing.has(bounceKey(row.toAddress)),
      };
    }),
  };
}

export async function listBouncingAddresses(db: Database, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailBounces)
      .orderBy(desc(emailBounces.lastBouncedAt))
      .limit(MAIL_QUEUE_PAGE_SIZE)
      .offset(pageOffset(page, MAIL_QUEUE_PAGE_SIZE)),
    db.select({ value: count() }).from(emailBounces),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Which of these addresses bounce (the subscribers desk marks them). */
export async function bouncingAmong(
  db: Pick<Database, "select">,
  addresses: readonly string[],
): Promise<Map<string, typeof emailBounces.$inferSelect>> {
  const keys = [...new Set(addresses.map(bounceKey))];
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(emailBounces).where(inArray(emailBounces.address, keys));
  return new Map(rows.map((row) => [row.address, row]));
}

export type MailQueueResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Sends a message that was given up (or is waiting for its next attempt) on the next round, with
 * its attempts counted afresh. A newsletter to a bouncing address is refused: it would be skipped
 * again; clear the address first.
 */
export async function retryNow(context: AuditContext, actor: AuditActor, id: string, now = new Date()): Promise<MailQueueResult> {
  if (!isUuid(id)) return { ok: false, status: 404, message: "There is no such message." };
  const result = await auditedWrite(context, actor, async (tx) => {
    const [current] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for("update");
    const refuse = (status: 404 | 409, message: string) => ({ value: { ok: false, status, message } as MailQueueResult, audit: [] });
    if (!current) return refuse(404, "There is no such message.");
    if (current.sentAt) return refuse(409, `That message to ${current.toAddress} was sent already.`);
    if (current.claimedUntil && current.claimedUntil > now)
      return refuse(409, `That message to ${current.toAddress} is being sent right now.`);
    if (isBulk(current.headers)) {
      const [bounce] = await tx
        .select()
        .from(emailBounces)
        .where(eq(emailBounces.address, bounceKey(current.toAddress)));
      if (bounce)
        return refuse(
          409,
          `${current.toAddress} is bouncing: clear the address under "Bouncing addresses" first, or the newsletter is skipped again.`,
        );
    }
    const [after] = await tx
      .update(emailOutbox)
      .set({ failedAt: null, nextAttemptAt: now, attempts: 0, claimedUntil: null })
      .where(eq(emailOutbox.id, id))
      .returning();
    const snapshot = (row: typeof current) => ({
      to: row.toAddress,
      subject: row.subject,
      attempts: row.attempts,
      failedAt: row.failedAt,
      nextAttemptAt: row.nextAttemptAt,
      lastError: row.lastError,
    });
    return {
      value: { ok: true, message: `The message to ${current.toAddress} is sent on the next round (within seconds).` } as MailQueueResult,
      audit: {
        action: "email.retry",
        entityType: "email_outbox",
        entityId: id,
        entityLabel: `${current.subject} → ${current.toAddress}`,
        before: snapshot(current),
        after: snapshot(after!),
      },
    };
  });
  return result.ok ? result.value : { ok: false, status: 409, message: result.message };
}

/** Forgets that an address bounced (its owner fixed the mailbox): newsletters go to it again. */
export async function clearBounce(context: AuditContext, actor: AuditActor, address: string): Promise<MailQueueResult> {
  const key = bounceKey(address);
  const result = await auditedWrite(context, actor, async (tx) => {
    const [current] = await tx.delete(emailBounces).where(eq(emailBounces.address, key)).returning();
    if (!current) return { value: { ok: false, status: 404, message: `${key} is not marked as bouncing.` } as MailQueueResult, audit: [] };
    return {
      value: { ok: true, message: `${key} is no longer marked as bouncing: newsletters go to it again.` } as MailQueueResult,
      audit: { action: "email.bounce.clear", entityType: "email_bounce", entityId: key, entityLabel: key, before: current, after: null },
    };
  });
  return result.ok ? result.value : { ok: false, status: 409, message: result.message };
}
