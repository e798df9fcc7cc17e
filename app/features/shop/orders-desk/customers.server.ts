import { countDistinct, ilike, or, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { orders } from "../../../../db/schema";
import { pageCountOf, pageOffset } from "~/lib/pagination";

/*
 * Customers as the shop knows them: everyone who placed an order, one row per e-mail address
 * (guests and account holders alike), with their paid orders and what they spent net of refunds.
 */

export const CUSTOMERS_PAGE_SIZE = 25;

export async function listCustomers(db: Database, { q, page }: { q: string; page: number }) {
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = q ? or(ilike(orders.customerEmail, pattern), ilike(orders.customerName, pattern)) : undefined;
  const email = sql<string>`lower(${orders.customerEmail})`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        email,
        name: sql<string>`(array_agg(${orders.customerName} order by ${orders.createdAt} desc))[1]`,
        paidOrders: sql<number>`(count(*) filter (where ${orders.paidAt} is not null))::int`,
        allOrders: sql<number>`count(*)::int`,
        spentPence: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}) filter (where ${orders.paidAt} is not null), 0)::int`,
        lastOrderAt: sql<string>`max(${orders.createdAt})`,
        hasAccount: sql<boolean>`bool_or(${orders.userId} is not null)`,
      })
      .from(orders)
      .where(where)
      .groupBy(email)
      .orderBy(sql`max(${orders.createdAt}) desc`, email)
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset(pageOffset(page, CUSTOMERS_PAGE_SIZE)),
    db
      .select({ total: countDistinct(email) })
      .from(orders)
      .where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    rows: rows.map((row) => ({ ...row, lastOrderAt: new Date(row.lastOrderAt).toISOString() })),
    total,
    pageCount: pageCountOf(total, CUSTOMERS_PAGE_SIZE),
  };
}
