import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, newsletterSubscribers } from "../../db/schema";
import { deliverPendingEmails, pickupDirectoryTransport, type MailTransport } from "../../app/features/mail/delivery.server";
import {
  CONFIRMATION_LINK_LIFETIME_MS,
  CONFIRMATION_RESEND_AFTER_MS,
  confirmationLinkState,
  confirmSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "../../app/features/newsletter/newsletter.server";
import { seededTestDatabase } from "../support/test-database";
import { NEWSLETTER_RATE_LIMIT } from "../../app/features/newsletter/newsletter-schema";
import { action as newsletterAction } from "../../app/routes/newsletter";
import { createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

const publicUrl = "https://ridgeway-racing.example";
const log = pino({ level: "silent" });
const suite = seededTestDatabase();
beforeEach(async () => {
  await suite.db.delete(newsletterSubscribers);
  await suite.db.delete(emailOutbox);
});

async function outbox(to: string) {
  return suite.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}
function linkToken(text: string, kind: "confirm" | "unsubscribe") {
  const match = new RegExp(`/newsletter/${kind}\\?token=([\\w%-]+)`).exec(text);
  return decodeURIComponent(match![1]!);
}

describe("newsletter double opt-in", () => {
  it("stores consent with its time and queues a confirmation e-mail", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    expect(await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "footer" }, { publicUrl, now })).toBe(
      "confirmation-sent",
    );
    const [subscriber] = await suite.db.select().from(newsletterSubscribers);
    expect(subscriber).toMatchObject({
      email: "fan@example.com",
      source: "footer",
      consentText: "I agree to receive emails about news, updates, and promotions",
      consentedAt: now,
      confirmedAt: null,
    });
    const [email] = await outbox("fan@example.com");
    expect(email!.subject).toBe("Confirm your Ridgeway Racing newsletter subscription");
    expect(email!.textBody).toContain(`${publicUrl}/newsletter/confirm?token=`);
    expect(email!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("is idempotent on repeat, re-sending the link at most every 10 minutes", async () => {
    const start = new Date("2026-05-01T10:00:00Z");
    const at = (ms: number) => ({ publicUrl, now: new Date(start.getTime() + ms) });
    const request = { email: "fan@example.com", source: "footer" as const };
    await subscribeToNewsletter(suite.db, request, at(0));
    expect(await subscribeToNewsletter(suite.db, request, at(1000))).toBe("already-pending");
    expect(await Promise.all([1, 2, 3].map(() => subscribeToNewsletter(suite.db, request, at(2000))))).toEqual([
      "already-pending",
      "already-pending",
      "already-pending",
    ]);
    expect(await outbox("fan@example.com")).toHaveLength(1);
    expect(await subscribeToNewsletter(suite.db, request, at(CONFIRMATION_RESEND_AFTER_MS + 1))).toBe("confirmation-sent");
    expect(await suite.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(await outbox("fan@example.com")).toHaveLength(2);
  });

  it("confirms with the link; looking at it confirms nothing; a reused link says it is done; a wrong or expired one fails", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "store" }, { publicUrl, now });
    const token = linkToken((await outbox("fan@example.com"))[0]!.textBody, "confirm");
    expect(await confirmationLinkState(suite.db, token, now)).toBe("pending");
    expect(await confirmationLinkState(suite.db, token, now)).toBe("pending");
    expect((await suite.db.select().from(newsletterSubscribers))[0]!.confirmedAt).toBeNull();
    expect(await confirmSubscription(suite.db, "not-the-token", now)).toBe("invalid");
    expect(await confirmationLinkState(suite.db, "not-the-token", now)).toBe("invalid");
    expect(await confirmSubscription(suite.db, token, now)).toBe("confirmed");
    expect(await confirmSubscription(suite.db, token, new Date(now.getTime() + 60_000))).toBe("already-confirmed");
    expect(await confirmationLinkState(suite.db, token, now)).toBe("confirmed");
    expect((await suite.db.select().from(newsletterSubscribers))[0]!.confirmedAt).toEqual(now);
    expect(await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "footer" }, { publicUrl })).toBe("already-confirmed");

    await subscribeToNewsletter(suite.db, { email: "late@example.com", source: "footer" }, { publicUrl, now });
    const late = linkToken((await outbox("late@example.com"))[0]!.textBody, "confirm");
    const afterLifetime = new Date(now.getTime() + CONFIRMATION_LINK_LIFETIME_MS + 1);
    expect(await confirmationLinkState(suite.db, late, afterLifetime)).toBe("invalid");
    expect(await confirmSubscription(suite.db, late, afterLifetime)).toBe("invalid");
  });

  it("a confirmation link stops working once the address unsubscribes", async () => {
    await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "footer" }, { publicUrl });
    const [email] = await outbox("fan@example.com");
    const confirm = linkToken(email!.textBody, "confirm");
    expect(await confirmSubscription(suite.db, confirm)).toBe("confirmed");
    await unsubscribeFromNewsletter(suite.db, linkToken(email!.textBody, "unsubscribe"));
    expect(await confirmSubscription(suite.db, confirm)).toBe("invalid");
  });

  it("unsubscribes with the link in every e-mail, and can subscribe again later", async () => {
    await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "footer" }, { publicUrl });
    const token = linkToken((await outbox("fan@example.com"))[0]!.textBody, "unsubscribe");
    expect(await unsubscribeFromNewsletter(suite.db, "unknown")).toBeNull();
    expect(await unsubscribeFromNewsletter(suite.db, token)).toBe("fan@example.com");
    expect(await unsubscribeFromNewsletter(suite.db, token)).toBe("fan@example.com");
    expect((await suite.db.select().from(newsletterSubscribers))[0]!.unsubscribedAt).not.toBeNull();

    expect(await subscribeToNewsletter(suite.db, { email: "fan@example.com", source: "footer" }, { publicUrl })).toBe("confirmation-sent");
    const [subscriber] = await suite.db.select().from(newsletterSubscribers);
    expect(subscriber!.unsubscribedAt).toBeNull();
  });
});

describe("e-mail delivery from the outbox", () => {
  it("writes each e-mail once to the pickup directory and marks it sent", async () => {
    await subscribeToNewsletter(suite.db, { email: "a@example.com", source: "footer" }, { publicUrl });
    await subscribeToNewsletter(suite.db, { email: "b@example.com", source: "footer" }, { publicUrl });
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeway-mail-"));
    const options = { from: "Ridgeway Racing <info@ridgeway-racing.example>", log };
    const rounds = await Promise.all([
      deliverPendingEmails(suite.db, pickupDirectoryTransport(dir), options),
      deliverPendingEmails(suite.db, pickupDirectoryTransport(dir), options),
    ]);
    expect(rounds[0]! + rounds[1]!).toBe(2);
    expect(await deliverPendingEmails(suite.db, pickupDirectoryTransport(dir), options)).toBe(0);
    const files = readdirSync(dir).map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
    expect(files.map((mail) => mail.to).sort()).toEqual(["a@example.com", "b@example.com"]);
    expect(files[0]).toMatchObject({ from: options.from, subject: expect.stringContaining("Confirm") });
    const rows = await suite.db.select().from(emailOutbox);
    // Both parts, a Message-ID that a retry would repeat, and marked as sent by a machine.
    const sentToA = files.find((mail) => mail.to === "a@example.com");
    const rowForA = rows.find((row) => row.toAddress === "a@example.com")!;
    expect(sentToA.html).toContain("Confirm subscription");
    expect(sentToA.text).toContain("/newsletter/confirm?token=");
    expect(sentToA.messageId).toBe(`<${rowForA.id}@ridgeway-racing.example>`);
    expect(sentToA.headers).toMatchObject({ "Auto-Submitted": "auto-generated", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it("keeps a failed e-mail for a later attempt and records why", async () => {
    await subscribeToNewsletter(suite.db, { email: "a@example.com", source: "footer" }, { publicUrl });
    const failing: MailTransport = { description: "down", send: async () => Promise.reject(new Error("SMTP down")) };
    expect(await deliverPendingEmails(suite.db, failing, { from: "x@example.com", log })).toBe(0);
    const [row] = await suite.db.select().from(emailOutbox);
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: "SMTP down" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe("newsletter sign-ups from one client address", () => {
  it("are limited per address: a script cannot mail strangers, and another connection is not affected", async () => {
    const auth = createTestAuth(suite.db);
    const post = (email: string, clientIp: string) =>
      run(() =>
        newsletterAction(
          routeArgs({
            request: formPost("/newsletter", { email, consent: "yes", source: "footer" }),
            context: routerContextFor(requestContext(suite.db, auth, clientIp)),
            params: {},
          }) as never,
        ),
      );
    const answers = [];
    for (let index = 0; index < NEWSLETTER_RATE_LIMIT.limit + 2; index += 1)
      answers.push(await post(`stranger${index}@example.com`, "198.51.100.7"));
    expect(answers.slice(0, NEWSLETTER_RATE_LIMIT.limit).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ status: "rate-limited", message: expect.stringMatching(/try again in \d+ minutes?/) });
    expect(await suite.db.select().from(emailOutbox)).toHaveLength(NEWSLETTER_RATE_LIMIT.limit);
    // A typo costs nothing, and someone else's connection still signs up.
    expect((await post("not an address", "198.51.100.7")).status).toBe(400);
    expect((await post("fan@example.com", "198.51.100.8")).status).toBe(200);
  });
});
