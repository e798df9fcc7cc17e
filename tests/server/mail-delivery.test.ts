import { generateKeyPairSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.server";
import { emailBounces, emailOutbox } from "../../db/schema";
import {
  deliveryRound,
  smtpTransport,
  type DeliveryOptions,
  type DkimKey,
  type MailTransport,
} from "../../app/features/mail/delivery.server";
import { MAX_ATTEMPTS } from "../../app/features/mail/delivery-policy";
import { clearBounce, listMailQueue, retryNow } from "../../app/features/mail/mail-queue.server";
import { queueEmail } from "../../app/features/mail/outbox.server";
import { closedPort, startLoopbackSmtp, verifyDkim } from "../support/smtp-server";
import { seededTestDatabase } from "../support/test-database";

/*
 * The delivery pipeline against a real SMTP server on a loopback port (ADR 0070, 0071, 0072):
 * claim, send outside any transaction, record; back-off; bounces; two loops at once; a lease
 * left behind by a process that died.
 */

const log = pino({ level: "silent" });
const suite = seededTestDatabase();
const from = "Ridgeway Racing <info@ridgeway-racing.example>";
const auditContext = () => ({ db: suite.db, log, requestId: "test", contentChanged: async () => {} });
const staff = { id: null, label: "test", roles: ["admin" as const], actingAs: null };
const transports: MailTransport[] = [];
const servers: Array<{ close(): Promise<void> }> = [];

function smtp(url: string, dkim?: DkimKey) {
  const transport = smtpTransport(url, { dkim });
  transports.push(transport);
  return transport;
}
async function server(options?: Parameters<typeof startLoopbackSmtp>[0]) {
  const started = await startLoopbackSmtp(options);
  servers.push(started);
  return started;
}

beforeEach(async () => {
  await suite.db.delete(emailOutbox);
  await suite.db.delete(emailBounces);
});
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close?.();
  for (const started of servers.splice(0)) await started.close();
});

const newsletterHeaders = (to: string) => ({
  "List-Id": "Ridgeway Racing news <news.ridgeway-racing.example>",
  "List-Unsubscribe": `<https://ridgeway-racing.example/newsletter/unsubscribe?token=${encodeURIComponent(to)}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

async function queue(to: string, subject = "Your order RR-1001", headers: Record<string, string> = {}) {
  const [row] = await suite.db
    .insert(emailOutbox)
    .values({
      toAddress: to,
      subject,
      textBody: `Hello ${to}\n\nThanks for your order.`,
      htmlBody: `<p>Hello ${to}</p><p>Thanks for your <b>order</b>.</p>`,
      headers,
    })
    .returning();
  return row!;
}
const row = async (id: string) => (await suite.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const round = (transport: MailTransport, options: Partial<DeliveryOptions> = {}) =>
  deliveryRound(suite.db, transport, { from, log, ...options });

describe("sending through SMTP", () => {
  it("delivers both parts with Date, Message-ID and Auto-Submitted, signed with DKIM", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const dkim = {
      domainName: "ridgeway-racing.example",
      keySelector: "test2026",
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    };
    const mailServer = await server();
    const email = await queue("Fan@Example.com");
    const result = await round(smtp(mailServer.url, dkim));
    expect(result).toMatchObject({ claimed: 1, sent: 1, retrying: 0, failed: 0, serverDown: false });

    const [mail] = await mailServer.received();
    expect(mail!.recipients.map((address) => address.toLowerCase())).toEqual(["fan@example.com"]);
    expect(mail!.parsed.text).toContain("Thanks for your order.");
    expect(mail!.parsed.html).toContain("<b>order</b>");
    expect(mail!.parsed.messageId).toBe(`<${email.id}@ridgeway-racing.example>`);
    expect(mail!.parsed.date).toBeInstanceOf(Date);
    expect(Math.abs(mail!.parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(mail!.parsed.headers.get("auto-submitted")).toBe("auto-generated");
    const verdict = verifyDkim(mail!.raw, publicKey.export({ type: "spki", format: "pem" }).toString());
    expect(verdict.tags).toMatchObject({ d: "ridgeway-racing.example", s: "test2026", a: "rsa-sha256" });
    expect(verdict.bodyHashMatches).toBe(true);
    expect(verdict.valid).toBe(true);

    expect(await row(email.id)).toMatchObject({
      attempts: 1,
      lastError: null,
      claimedUntil: null,
      failedAt: null,
      sentAt: expect.any(Date),
    });
    expect(await round(smtp(mailServer.url))).toMatchObject({ claimed: 0 });
  });

  it("a newsletter (List-Id) keeps its list headers and is not Auto-Submitted", async () => {
    const mailServer = await server();
    await queue("reader@example.com", "Race report: Round 3", newsletterHeaders("reader@example.com"));
    await round(smtp(mailServer.url));
    const [mail] = await mailServer.received();
    expect(mail!.parsed.headers.get("auto-submitted")).toBeUndefined();
    expect(mail!.raw).toMatch(/^List-Id: Ridgeway Racing news <news\.ridgeway-racing\.example>\r$/im);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });
});

describe("failures", () => {
  it("a 4xx answer is retried with back-off, and given up (kept) after the last attempt", async () => {
    let busy = true;
    const mailServer = await server({ answer: () => (busy ? { code: 451, text: "4.3.0 Mailbox busy, try later" } : undefined) });
    const email = await queue("busy@example.com");
    const t0 = new Date();
    expect(await round(smtp(mailServer.url), { now: () => t0 })).toMatchObject({ sent: 0, retrying: 1, serverDown: false });
    const afterFirst = await row(email.id);
    expect(afterFirst).toMatchObject({
      attempts: 1,
      failedAt: null,
      sentAt: null,
      claimedUntil: null,
      lastError: expect.stringContaining("451"),
    });
    expect(afterFirst.nextAttemptAt.getTime() - t0.getTime()).toBeGreaterThanOrEqual(60_000);

    // Not due yet: the next round leaves it alone.
    expect(await round(smtp(mailServer.url), { now: () => new Date(t0.getTime() + 30_000) })).toMatchObject({ claimed: 0 });
    // Due: tried again, and the wait doubles.
    const t1 = new Date(t0.getTime() + 61_000);
    expect(await round(smtp(mailServer.url), { now: () => t1 })).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await row(email.id)).nextAttemptAt.getTime() - t1.getTime()).toBeGreaterThanOrEqual(120_000);

    // The last attempt gives up: the message is kept, marked failed, and no round takes it again.
    await suite.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: t1 })
      .where(eq(emailOutbox.id, email.id));
    expect(await round(smtp(mailServer.url), { now: () => t1 })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(email.id)).toMatchObject({ attempts: MAX_ATTEMPTS, failedAt: expect.any(Date), sentAt: null });
    expect(await round(smtp(mailServer.url), { now: () => new Date(t1.getTime() + 86_400_000) })).toMatchObject({ claimed: 0 });

    // Staff see it, and "Retry now" sends it on the next round.
    const { rows } = await listMailQueue(suite.db, "failed", 1);
    expect(rows).toEqual([expect.objectContaining({ id: email.id, state: "failed", lastError: expect.stringContaining("451") })]);
    busy = false;
    expect(await retryNow(auditContext(), staff, email.id)).toMatchObject({ ok: true });
    expect(await round(smtp(mailServer.url))).toMatchObject({ sent: 1 });
    expect(await retryNow(auditContext(), staff, email.id)).toMatchObject({ ok: false, status: 409 });
    expect(await retryNow(auditContext(), staff, "not-an-id")).toMatchObject({ ok: false, status: 404 });
  });

  it("421 (server closing) defers the message and gives the rest of the round back untouched", async () => {
    const mailServer = await server({ answer: () => ({ code: 421, text: "4.3.2 Service shutting down" }) });
    const first = await queue("a@example.com");
    const second = await queue("b@example.com");
    const result = await round(smtp(mailServer.url));
    expect(result).toMatchObject({ claimed: 2, sent: 0, retrying: 1, serverDown: true });
    expect(await row(first.id)).toMatchObject({ attempts: 1, claimedUntil: null, lastError: expect.stringContaining("421") });
    expect(await row(second.id)).toMatchObject({ attempts: 0, claimedUntil: null, lastError: null });
  });

  it("550 marks the address as bouncing: no more attempts, newsletters skipped, account mail still tried", async () => {
    const refused = new Set(["gone@example.com"]);
    const mailServer = await server({
      answer: (to) => (refused.has(to.toLowerCase()) ? { code: 550, text: "5.1.1 No such user here" } : undefined),
    });
    const email = await queue("Gone@Example.com");
    expect(await round(smtp(mailServer.url))).toMatchObject({ failed: 1, retrying: 0 });
    expect(await row(email.id)).toMatchObject({ attempts: 1, failedAt: expect.any(Date), lastError: expect.stringContaining("550") });
    const [bounce] = await suite.db.select().from(emailBounces);
    expect(bounce).toMatchObject({ address: "gone@example.com", bounces: 1, lastResponse: expect.stringContaining("No such user") });
    expect(await round(smtp(mailServer.url), { now: () => new Date(Date.now() + 86_400_000) })).toMatchObject({ claimed: 0 });

    // A newsletter is not even queued; one queued before the bounce (or in bulk) is skipped, not sent.
    expect(
      await queueEmail(suite.db, { to: "GONE@example.com", subject: "News", text: "x", headers: newsletterHeaders("gone@example.com") }),
    ).toBe("bouncing");
    const bulk = await queue("gone@example.com", "News", newsletterHeaders("gone@example.com"));
    expect(await round(smtp(mailServer.url))).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(await row(bulk.id)).toMatchObject({
      attempts: 0,
      failedAt: expect.any(Date),
      lastError: expect.stringMatching(/^Not sent: the address is bouncing \(550/),
    });
    expect(await retryNow(auditContext(), staff, bulk.id)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("is bouncing"),
    });

    // Account mail still goes; once it gets through, the address is no longer bouncing.
    refused.clear();
    expect(await queueEmail(suite.db, { to: "gone@example.com", subject: "Reset your password", text: "x" })).toBe("queued");
    expect(await round(smtp(mailServer.url))).toMatchObject({ sent: 1 });
    expect(await suite.db.select().from(emailBounces)).toEqual([]);
    expect(await clearBounce(auditContext(), staff, "gone@example.com")).toMatchObject({ ok: false, status: 404 });
  });

  it("a server that is down leaves messages queued, with the attempt and the next one visible", async () => {
    const port = await closedPort();
    const emails = [await queue("a@example.com"), await queue("b@example.com"), await queue("c@example.com")];
    const started = new Date();
    const result = await round(smtp(`smtp://127.0.0.1:${port}`));
    expect(result).toMatchObject({ claimed: 3, sent: 0, retrying: 1, failed: 0, serverDown: true });
    // Queued within one millisecond, the three are equally due: whichever the round took first is
    // the one tried (on PostgreSQL the order among equals is the database's).
    const after = await Promise.all(emails.map((email) => row(email.id)));
    const tried = after.find((email) => email!.attempts > 0);
    const untouched = after.filter((email) => email !== tried);
    expect(untouched).toHaveLength(2);
    expect(tried).toMatchObject({
      attempts: 1,
      sentAt: null,
      failedAt: null,
      claimedUntil: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(tried!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started.getTime() + 60_000);
    expect(untouched.every((email) => email.attempts === 0 && email.claimedUntil === null && email.sentAt === null)).toBe(true);

    const { rows } = await listMailQueue(suite.db, "problems", 1);
    expect(rows).toEqual([
      expect.objectContaining({
        id: tried!.id,
        state: "retrying",
        attempts: 1,
        nextAttemptAt: tried!.nextAttemptAt,
        lastError: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    expect((await listMailQueue(suite.db, "waiting", 1)).total).toBe(3);
  });
});

describe("when a message is due", () => {
  it("one queued within the round's own millisecond goes in that round; one a millisecond later waits", async () => {
    const mailServer = await server();
    // The database keeps microseconds; a round's clock (JavaScript) keeps milliseconds.
    const sameMillisecond = await queue("same@example.com");
    const nextMillisecond = await queue("next@example.com");
    await suite.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`'2030-01-01T12:00:00.000999Z'::timestamptz` })
      .where(eq(emailOutbox.id, sameMillisecond.id));
    await suite.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`'2030-01-01T12:00:00.001000Z'::timestamptz` })
      .where(eq(emailOutbox.id, nextMillisecond.id));
    const result = await round(smtp(mailServer.url), { now: () => new Date("2030-01-01T12:00:00.000Z") });
    expect(result).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(sameMillisecond.id)).toMatchObject({ sentAt: expect.any(Date) });
    expect(await row(nextMillisecond.id)).toMatchObject({ sentAt: null });
  });
});

describe("several delivery loops", () => {
  it("two loops at once send each message once", async () => {
    const mailServer = await server();
    const count = 40;
    await suite.db.insert(emailOutbox).values(
      Array.from({ length: count }, (_, index) => ({
        toAddress: `fan${index}@example.com`,
        subject: `Message ${index}`,
        textBody: "hello",
        headers: {},
      })),
    );
    // On PostgreSQL the second loop has its own connections to the same database, as a second process would.
    const other =
      suite.testDb.kind === "postgres"
        ? await openDatabase({ dataDir: suite.testDb.dataDir, databaseUrl: suite.testDb.databaseUrl, onConnectionError: () => {} })
        : null;
    try {
      const loop = async (db: Database, transport: MailTransport) => {
        let sent = 0;
        for (;;) {
          const result = await deliveryRound(db, transport, { from, log, batchSize: 3 });
          sent += result.sent;
          if (result.claimed === 0) return sent;
        }
      };
      const [a, b] = await Promise.all([loop(suite.db, smtp(mailServer.url)), loop(other?.db ?? suite.db, smtp(mailServer.url))]);
      expect(a + b).toBe(count);
      if (other) expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      await other?.close();
    }
    const received = await mailServer.received();
    expect(received).toHaveLength(count);
    expect(new Set(received.map((mail) => mail.parsed.messageId)).size).toBe(count);
    const rows = await suite.db.select().from(emailOutbox);
    expect(rows.every((email) => email.sentAt !== null && email.attempts === 1)).toBe(true);
  });

  it("a message whose lease ran out (its process died mid-send) is claimed again and sent once", async () => {
    const mailServer = await server();
    const email = await queue("late@example.com");
    const t0 = new Date();
    let failDeadSend: (error: Error) => void = () => {};
    const dying: MailTransport = {
      description: "a process about to die",
      send: () => new Promise((_resolve, reject) => (failDeadSend = reject)),
    };
    const dead = round(dying, { now: () => t0, leaseMs: 60_000 });

    // Claimed: another loop leaves it alone while the lease lasts.
    await expect.poll(async () => (await row(email.id)).claimedUntil?.getTime()).toBe(t0.getTime() + 60_000);
    expect(await round(smtp(mailServer.url), { now: () => new Date(t0.getTime() + 59_000) })).toMatchObject({ claimed: 0 });
    expect((await listMailQueue(suite.db, "waiting", 1, new Date(t0.getTime() + 1_000))).rows[0]).toMatchObject({ state: "sending" });

    // The lease runs out: the next round takes it and sends it.
    expect(await round(smtp(mailServer.url), { now: () => new Date(t0.getTime() + 60_000) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await mailServer.received()).toHaveLength(1);

    // Should the old send fail late, the message stays sent.
    failDeadSend(Object.assign(new Error("socket closed"), { code: "ESOCKET" }));
    await dead;
    expect(await row(email.id)).toMatchObject({ sentAt: expect.any(Date), failedAt: null, lastError: null, attempts: 1 });
  });
});

describe("speed", () => {
  it("a slow mail server gets a message on each kept-open connection at once", async () => {
    const mailServer = await server({ acceptDelayMs: 150 });
    for (let index = 0; index < 7; index += 1) await queue(`reader${index}@example.com`);
    const transport = smtp(mailServer.url);
    expect(await round(transport)).toMatchObject({ claimed: 7, sent: 7 });
    expect(await mailServer.received()).toHaveLength(7);
    // One alone (a probe, should the server be down), then the other six two at a time.
    expect(transport.connections).toBe(2);
    expect(mailServer.mostAtOnce()).toBe(2);
  });

  it("sends a batch to a loopback server without holding the database", async () => {
    const mailServer = await server();
    const count = 300;
    await suite.db.insert(emailOutbox).values(
      Array.from({ length: count }, (_, index) => ({
        toAddress: `reader${index}@example.com`,
        subject: "Race report: Round 3",
        textBody: "The report. ".repeat(200),
        htmlBody: `<p>${"The report. ".repeat(200)}</p>`,
        headers: newsletterHeaders(`reader${index}@example.com`),
      })),
    );
    const transport = smtp(mailServer.url);
    const waits: number[] = [];
    let sending = true;
    const probe = (async () => {
      while (sending) {
        const started = performance.now();
        await suite.db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1);
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    let sent = 0;
    for (;;) {
      const result = await round(transport);
      sent += result.sent;
      if (result.claimed === 0) break;
    }
    const elapsed = performance.now() - started;
    sending = false;
    await probe;
    expect(sent).toBe(count);
    expect(await mailServer.received()).toHaveLength(count);
    waits.sort((a, b) => a - b);
    const p95 = waits[Math.floor(waits.length * 0.95)] ?? 0;
    console.log(
      `[mail] ${suite.testDb.kind}: ${count} e-mails to a loopback SMTP server in ${Math.round(elapsed)} ms (${Math.round((count / elapsed) * 1000)}/s); a query meanwhile: median ${waits[Math.floor(waits.length / 2)]?.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${waits.at(-1)?.toFixed(1)} ms over ${waits.length} queries`,
    );
    // No query waited behind the mail server (the old delivery held a transaction for a whole batch).
    expect(p95).toBeLessThan(500);
  });
});
