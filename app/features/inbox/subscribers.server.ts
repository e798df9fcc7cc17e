import { and, count, desc, eq, ilike, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { newsletterSubscribers } from "../../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext } from "~/features/admin/audit.server";
import { toCsv } from "~/lib/csv-export";
import { SUBSCRIBER_PAGE_SIZE, subscriberState, type SubscriberState } from "./subscribers";
import { pageOffset } from "~/lib/pagination";

/*
 * The newsletter's subscribers at the desk (/admin/subscribers): search, a CSV export with the
 * consent each one gave (when, on which form, in which words), and unsubscribing someone who
 * asked by other means (audited, as every desk change).
 */

type Subscriber = typeof newsletterSubscribers.$inferSelect;

function filterOf(query: string, state: SubscriberState) {
  const needle = query.trim().toLowerCase().slice(0, 200);
  const pattern = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return and(
    needle ? ilike(newsletterSubscribers.email, pattern) : undefined,
    state === "unsubscribed"
      ? isNotNull(newsletterSubscribers.unsubscribedAt)
      : state === "all"
        ? undefined
        : isNull(newsletterSubscribers.unsubscribedAt),
    state === "confirmed"
      ? isNotNull(newsletterSubscribers.confirmedAt)
      : state === "pending"
        ? isNull(newsletterSubscribers.confirmedAt)
        : undefined,
  );
}

const listColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  source: newsletterSubscribers.source,
  consentText: newsletterSubscribers.consentText,
  consentedAt: newsletterSubscribers.consentedAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

export async function listSubscribers(db: Database, { query, state, page }: { query: string; state: SubscriberState; page: number }) {
  const where = filterOf(query, state);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.consentedAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBER_PAGE_SIZE)
      .offset(pageOffset(page, SUBSCRIBER_PAGE_SIZE)),
    db.select({ value: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export const SUBSCRIBER_CSV_HEADER = [
  "email",
  "status",
  "source",
  "consented_at",
  "consent_text",
  "confirmed_at",
  "unsubscribed_at",
] as const;

/** The export: every subscriber the search and state match, as CSV safe to open in a spreadsheet. */
export async function subscribersCsv(db: Database, { query, state }: { query: string; state: SubscriberState }): Promise<string> {
  const rows = await db
    .select(listColumns)
    .from(newsletterSubscribers)
    .where(filterOf(query, state))
    .orderBy(desc(newsletterSubscribers.consentedAt));
  return toCsv(
    SUBSCRIBER_CSV_HEADER,
    rows.map((row) => [
      row.email,
      subscriberState(row),
      row.source,
      row.consentedAt.toISOString(),
      row.consentText,
      row.confirmedAt?.toISOString() ?? "",
      row.unsubscribedAt?.toISOString() ?? "",
    ]),
  );
}

export type UnsubscribeResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** Unsubscribes one address at the desk, with the reason (e.g. "asked by e-mail"). */
export async function unsubscribeAtDesk(
  context: AuditContext,
  actor: AuditActor,
  id: string,
  reason: string | null,
): Promise<UnsubscribeResult> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { ok: false, status: 404, message: "There is no such subscriber." };
  const result = await auditedWrite(context, actor, async (tx) => {
    const [current] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for("update");
    if (!current) return { value: { ok: false, status: 404, message: "There is no such subscriber." } as UnsubscribeResult, audit: [] };
    if (current.unsubscribedAt)
      return { value: { ok: false, status: 400, message: `${current.email} is already unsubscribed.` } as UnsubscribeResult, audit: [] };
    const [after] = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.id, id))
      .returning();
    const snapshot = (row: Subscriber) => ({ email: row.email, status: subscriberState(row), unsubscribedAt: row.unsubscribedAt });
    return {
      value: { ok: true, message: `${current.email} is unsubscribed: no newsletter goes to that address any more.` } as UnsubscribeResult,
      audit: {
        action: "subscriber.unsubscribe",
        entityType: "newsletter_subscriber",
        entityId: id,
        entityLabel: current.email,
        before: snapshot(current),
        after: snapshot(after!),
        reason,
      },
    };
  });
  return result.ok ? result.value : { ok: false, status: 400, message: result.message };
}
