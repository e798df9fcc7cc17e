import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import {
  accounts,
  newsletterSubscribers,
  orderLines,
  orders,
  sessions,
  staffRoleGrants,
  twoFactors,
  users,
  verifications,
} from "../../../db/schema";
import { accountDeletedEmail, queueAccountNotice } from "./account-emails.server";

/** The JSON a person downloads from the Security page: what we hold about them, without secrets (ADR 18). */
export interface AccountExport {
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string;
    driverId: string | null;
    avatar: string | null;
    twoFactorEnabled: boolean;
    createdAt: string;
    updatedAt: string;
  };
  signInMethods: { provider: string; createdAt: string; updatedAt: string }[];
  sessions: { signedInAt: string; lastExtendedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  orders: {
    orderNumber: string;
    status: string;
    placedAt: string;
    paidAt: string | null;
    customerName: string;
    customerEmail: string;
    customerPhone: string | null;
    shippingAddress: unknown;
    notes: string | null;
    currency: string;
    subtotalPence: number;
    discountPence: number;
    shippingPence: number;
    totalPence: number;
    promoCode: string | null;
    lines: { productName: string; size: string; quantity: number; unitPricePence: number }[];
  }[];
  /** Only when the account's address is confirmed: an unconfirmed address may not be the holder's. */
  newsletter: {
    email: string;
    source: string;
    consentText: string;
    consentedAt: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
  } | null;
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Everything tied to one account, read in one snapshot. Null when the account is gone. */
export async function exportAccountData(db: Database, userId: string, now = new Date()): Promise<AccountExport | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const [methodRows, sessionRows, orderRows, twoFactorRows] = await Promise.all([
      tx.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt)),
      tx.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
      tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
      tx.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)),
    ]);
    const lineRows =
      orderRows.length === 0
        ? []
        : await tx
            .select()
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                orderRows.map((order) => order.id),
              ),
            )
            .orderBy(asc(orderLines.lineNumber));
    const [subscriber] = user.emailVerified
      ? await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email))
      : [];
    return {
      exportedAt: iso(now),
      profile: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role: user.role,
        driverId: user.driverId,
        avatar: user.image,
        twoFactorEnabled: user.twoFactorEnabled && twoFactorRows.some((row) => row.verified),
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
      },
      signInMethods: methodRows.map((row) => ({
        provider: row.providerId === "credential" ? "email and password" : row.providerId,
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      })),
      sessions: sessionRows.map((row) => ({
        signedInAt: iso(row.createdAt),
        lastExtendedAt: iso(row.updatedAt),
        expiresAt: iso(row.expiresAt),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
      })),
      orders: orderRows.map((order) => ({
        orderNumber: order.orderNumber,
        status: order.status,
        placedAt: iso(order.createdAt),
        paidAt: isoOrNull(order.paidAt),
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerPhone: order.customerPhone,
        shippingAddress: order.shippingAddress ?? null,
        notes: order.notes,
        currency: order.currency,
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        shippingPence: order.shippingPence,
        totalPence: order.totalPence,
        promoCode: order.promoCode,
        lines: lineRows
          .filter((line) => line.orderId === order.id)
          .map((line) => ({
            productName: line.productName,
            size: line.size,
            quantity: line.quantity,
            unitPricePence: line.unitPricePence,
          })),
      })),
      newsletter: subscriber
        ? {
            email: subscriber.email,
            source: subscriber.source,
            consentText: subscriber.consentText,
            consentedAt: iso(subscriber.consentedAt),
            confirmedAt: isoOrNull(subscriber.confirmedAt),
            unsubscribedAt: isoOrNull(subscriber.unsubscribedAt),
          }
        : null,
    };
  });
}

/** Why the site's only admin cannot delete their account, on the Security page. */
export const ONLY_ADMIN_MESSAGE =
  "You are the site's only admin, so your account can't be deleted: nobody would be left to run the back office. Make someone else an admin under People first.";

/**
 * Whether the person is the site's only admin. The admins' rows are read with a lock, as
 * changeStaffRole reads them, so inside a transaction two admins deleting their accounts at
 * once (or one deleting while another removes their admin role) take turns, and the second
 * counts what the first left.
 */
export async function isOnlyAdmin(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const admins = await db
    .select({ userId: staffRoleGrants.userId })
    .from(staffRoleGrants)
    .where(eq(staffRoleGrants.role, "admin"))
    .for("update");
  return admins.length === 1 && admins[0]!.userId === userId;
}

/**
 * Deletes an account: the user row and, by their foreign keys, its sessions,
 * sign-in methods, avatar and two-factor secret. Orders stay for the accounts
 * but are detached (user_id set to null), and the person is told by e-mail, in the same transaction.
 * The site's only admin is not deleted (see isOnlyAdmin).
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  publicUrl: string,
): Promise<{ deleted: true; ordersDetached: number } | { deleted: false; reason: "only-admin" }> {
  return db.transaction(async (tx) => {
    if (await isOnlyAdmin(tx, userId)) return { deleted: false, reason: "only-admin" } as const;
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    const detached = await tx.update(orders).set({ userId: null }).where(eq(orders.userId, userId)).returning({ id: orders.id });
    // Reset links and two-factor challenges name the user in their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(users).where(eq(users.id, userId));
    if (user) await queueAccountNotice(tx, publicUrl, (frame) => accountDeletedEmail(frame, user.email, user.name, detached.length));
    return { deleted: true, ordersDetached: detached.length } as const;
  });
}
