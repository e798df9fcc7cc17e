import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { newsletterSubscribers } from "../../../db/schema";
import { brand } from "~/brand";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { renderEmail } from "~/features/mail/render-email.server";
import { NewsletterConfirmationEmail } from "./confirmation-email";
import { NEWSLETTER_CONSENT_TEXT, type NewsletterSource } from "./newsletter-text";

/** A confirmation link works for this long. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Asking again while unconfirmed re-sends the link, but not more often than this. */
export const CONFIRMATION_RESEND_AFTER_MS = 10 * 60 * 1000;

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type SubscribeOutcome = "confirmation-sent" | "already-pending" | "already-confirmed";

/**
 * Records consent and e-mails a confirmation link (double opt-in). Repeating it
 * is harmless: an address is stored once, and a pending one gets at most one
 * link per CONFIRMATION_RESEND_AFTER_MS. Callers show the same message whatever
 * the outcome, so the form does not reveal who is subscribed.
 */
export async function subscribeToNewsletter(
  db: Database,
  request: { email: string; source: NewsletterSource },
  options: { publicUrl: string; now?: Date },
): Promise<SubscribeOutcome> {
  const now = options.now ?? new Date();
  const frame = await emailFrame(
    db,
    options.publicUrl,
    `You receive this because this address was entered in the newsletter form on ${options.publicUrl.replace(/^https?:\/\//, "")}.`,
  );
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, request.email)).for("update");
    if (existing && !existing.unsubscribedAt) {
      if (existing.confirmedAt) return "already-confirmed";
      const sentAt = existing.confirmationSentAt?.getTime() ?? 0;
      if (now.getTime() - sentAt < CONFIRMATION_RESEND_AFTER_MS) return "already-pending";
    }

    const confirmToken = newToken();
    const consent = {
      source: request.source,
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentedAt: now,
      confirmTokenHash: hashToken(confirmToken),
      confirmationSentAt: now,
      confirmedAt: null,
      unsubscribedAt: null,
    };
    let unsubscribeToken: string;
    if (existing) {
      unsubscribeToken = existing.unsubscribeToken;
      await tx.update(newsletterSubscribers).set(consent).where(eq(newsletterSubscribers.id, existing.id));
    } else {
      unsubscribeToken = newToken();
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values({ email: request.email, unsubscribeToken, ...consent })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      // Another request subscribed the same address a moment ago; it sends the link.
      if (inserted.length === 0) return "already-pending";
    }

    await queueEmail(tx, await confirmationEmail(request.email, confirmToken, unsubscribeToken, frame));
    return "confirmation-sent";
  });
}

/**
 * What a confirmation link would do if used now: "pending" (it confirms), "confirmed" (it was
 * used already, or the address was confirmed another way), or "invalid" (unknown, expired, or
 * the address has since unsubscribed). Reads only: opening the link (a GET, which mail
 * providers' link scanners also make) must not confirm anyone.
 */
export type ConfirmationLinkState = "pending" | "confirmed" | "invalid";

export async function confirmationLinkState(db: Database, token: string, now = new Date()): Promise<ConfirmationLinkState> {
  const [subscriber] = await db
    .select({
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      confirmationSentAt: newsletterSubscribers.confirmationSentAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)));
  if (!subscriber || subscriber.unsubscribedAt) return "invalid";
  if (subscriber.confirmedAt) return "confirmed";
  const sentAt = subscriber.confirmationSentAt?.getTime() ?? 0;
  return now.getTime() - sentAt < CONFIRMATION_LINK_LIFETIME_MS ? "pending" : "invalid";
}

/**
 * Confirms the subscription a link names (the POST behind the confirmation page's button).
 * Using a link again says it is done ("already-confirmed"), not that it is invalid: the link's
 * hash is kept after confirming, and replaced only when the address subscribes again.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now = new Date(),
): Promise<"confirmed" | "already-confirmed" | "invalid"> {
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        isNull(newsletterSubscribers.confirmedAt),
        isNull(newsletterSubscribers.unsubscribedAt),
        gt(newsletterSubscribers.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_LINK_LIFETIME_MS)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (confirmed.length === 1) return "confirmed";
  return (await confirmationLinkState(db, token, now)) === "confirmed" ? "already-confirmed" : "invalid";
}

/** Returns the address unsubscribed (also when it already was), or null for an unknown token. */
export async function unsubscribeFromNewsletter(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [subscriber] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (!subscriber) return null;
  if (!subscriber.unsubscribedAt) {
    await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now, confirmTokenHash: null })
      .where(eq(newsletterSubscribers.id, subscriber.id));
  }
  return subscriber.email;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export async function confirmationEmail(
  email: string,
  confirmToken: string,
  unsubscribeToken: string,
  frame: EmailFrame,
): Promise<OutgoingEmail> {
  const confirmUrl = `${frame.publicUrl}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const leaveUrl = unsubscribeUrl(frame.publicUrl, unsubscribeToken);
  return {
    to: email,
    subject: `Confirm your ${brand.name} newsletter subscription`,
    ...(await renderEmail(<NewsletterConfirmationEmail frame={frame} confirmUrl={confirmUrl} leaveUrl={leaveUrl} />)),
    // RFC 8058: mail apps offer their own one-click unsubscribe button.
    headers: { "List-Unsubscribe": `<${leaveUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
