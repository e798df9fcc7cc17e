import { and, asc, count, desc, eq, gte, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, contactMessages, orders, rounds, roundSessions, seasons } from "../../../db/schema";
import { findOverdueResults } from "~/features/live/result-watchdog.server";
import { findUnsentResultPushes } from "~/features/push/push-desk.server";
import { listLowStock } from "~/features/shop/shop-desk/products.server";
import { nextSession, todayBlocksFor } from "./today";
import { readOperationalState } from "~/features/operations/operations.server";
import { operationalWarnings, type OperationalSettings } from "~/features/operations/warnings";
import type { StaffUser } from "./staff.server";

/** What the Today page shows this staff member: only the blocks their roles can act on are read. */
export async function loadToday(db: Database, staff: Pick<StaffUser, "roles">, operations: OperationalSettings, now = new Date()) {
  const blocks = new Set(todayBlocksFor(staff.roles));
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const [operationalState, overdue, notPushed, packRows, packCount, lowStock, unread, unreadCount, drafts, sessions] = await Promise.all([
    blocks.has("operations") ? readOperationalState(db, operations, now) : null,
    blocks.has("resultsOverdue") ? findOverdueResults(db, now) : null,
    blocks.has("resultsNotPushed") ? findUnsentResultPushes(db, now) : null,
    blocks.has("ordersToPack")
      ? db
          .select({
            orderNumber: orders.orderNumber,
            customerName: orders.customerName,
            totalPence: orders.totalPence,
            paidAt: orders.paidAt,
          })
          .from(orders)
          .where(eq(orders.status, "paid"))
          .orderBy(asc(orders.paidAt))
          .limit(5)
      : null,
    blocks.has("ordersToPack") ? db.select({ value: count() }).from(orders).where(eq(orders.status, "paid")) : null,
    blocks.has("lowStock") ? listLowStock(db, 10) : null,
    blocks.has("unreadMessages")
      ? db
          .select({
            id: contactMessages.id,
            name: contactMessages.name,
            subject: contactMessages.subject,
            createdAt: contactMessages.createdAt,
          })
          .from(contactMessages)
          .where(and(eq(contactMessages.spam, false), isNull(contactMessages.readAt)))
          .orderBy(desc(contactMessages.createdAt))
          .limit(5)
      : null,
    blocks.has("unreadMessages")
      ? db
          .select({ value: count() })
          .from(contactMessages)
          .where(and(eq(contactMessages.spam, false), isNull(contactMessages.readAt)))
      : null,
    blocks.has("draftsInReview")
      ? db
          .select({ id: articles.id, title: articles.title, updatedAt: articles.updatedAt })
          .from(articles)
          .where(eq(articles.status, "in_review"))
          .orderBy(asc(articles.updatedAt))
          .limit(10)
      : null,
    blocks.has("nextSession")
      ? db
          .select({
            roundName: rounds.name,
            circuit: rounds.circuit,
            name: roundSessions.name,
            date: roundSessions.date,
            time: roundSessions.time,
          })
          .from(roundSessions)
          .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
          .innerJoin(seasons, eq(seasons.year, rounds.seasonYear))
          .where(and(eq(seasons.published, true), gte(roundSessions.date, yesterday)))
          .orderBy(asc(roundSessions.date), asc(roundSessions.sortOrder))
          .limit(50)
      : null,
  ]);
  const session = sessions ? nextSession(sessions, now) : null;
  return {
    now: now.toISOString(),
    operations: operationalState && {
      warnings: operationalWarnings(operationalState, operations, now),
      lastBackup: operationalState.backups.lastSuccessAt && {
        at: operationalState.backups.lastSuccessAt.toISOString(),
        file: operationalState.backups.lastSuccessFile,
      },
      lastRestore: operationalState.backups.lastRestore && {
        at: operationalState.backups.lastRestore.restoredAt.toISOString(),
        file: operationalState.backups.lastRestore.file,
        backupTakenAt: operationalState.backups.lastRestore.backupTakenAt.toISOString(),
      },
      backupSchedule: operations.backupSchedule,
    },
    resultsOverdue: overdue,
    resultsNotPushed: notPushed,
    ordersToPack: packRows && {
      count: packCount?.[0]?.value ?? 0,
      rows: packRows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null })),
    },
    lowStock,
    unreadMessages: unread && {
      count: unreadCount?.[0]?.value ?? 0,
      rows: unread.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
    draftsInReview: drafts && drafts.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    nextSession: blocks.has("nextSession") ? session && { ...session, startsAt: session.startsAt.toISOString() } : undefined,
  };
}
