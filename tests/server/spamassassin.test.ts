import { spawnSync } from "node:child_process";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { saveContactMessage } from "../../app/features/contact/contact.server";
import { deliveryRound, smtpTransport, type MailTransport } from "../../app/features/mail/delivery.server";
import { queueEmail } from "../../app/features/mail/outbox.server";
import { SAMPLE_MESSAGES } from "../support/sample-emails";
import { startLoopbackSmtp, type ReceivedMail } from "../support/smtp-server";
import { seededTestDatabase } from "../support/test-database";

/*
 * Every kind of message the site sends, as it leaves through SMTP, scored by SpamAssassin with
 * local tests only (`spamassassin -L`: no DNS or network checks). Each must score 0 or below.
 * Debian: apt-get install spamassassin. The scores are recorded in docs/email.md.
 * The kinds come from tests/support/sample-emails.tsx, plus the contact notice queued by the
 * real contact-form code.
 */

const spamassassin = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
const missing = spamassassin.error ? "spamassassin is not installed (Debian: apt-get install spamassassin)" : null;

const log = pino({ level: "silent" });
const suite = seededTestDatabase();
let received: Map<string, ReceivedMail>;
let mailServer: Awaited<ReturnType<typeof startLoopbackSmtp>> | undefined;
let transport: MailTransport | undefined;

beforeAll(async () => {
  if (missing) return;
  await suite.db.delete(emailOutbox);
  for (const sample of SAMPLE_MESSAGES) await queueEmail(suite.db, await sample.email());
  await saveContactMessage(
    suite.db,
    { name: "Jordan Parent", email: "jordan.parent@example.com", subject: "Arrive-and-drive days", category: "General Inquiry", message: "Hello, does the team run arrive-and-drive days for juniors next season? Thanks, Jordan" },
    "info@ridgeway-racing.example",
  );
  mailServer = await startLoopbackSmtp();
  transport = smtpTransport(mailServer.url);
  await deliveryRound(suite.db, transport, { from: "Ridgeway Racing <info@ridgeway-racing.example>", log });
  received = new Map((await mailServer.received()).map((mail) => [mail.parsed.subject ?? "", mail]));
});
afterAll(async () => {
  transport?.close?.();
  await mailServer?.close();
});

function score(raw: string): { score: number; tests: string } {
  const result = spawnSync("spamassassin", ["-L", "-t"], { input: raw, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`spamassassin failed: ${result.stderr}`);
  const output = result.stdout.replace(/\r\n/g, "\n");
  const headers = output.slice(0, output.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
  const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=(.*?)\s(?:autolearn|version)=/m.exec(headers);
  if (!status) throw new Error(`no X-Spam-Status in spamassassin's answer:\n${result.stdout.slice(0, 2000)}`);
  return { score: Number(status[1]), tests: status[2]!.replace(/\s+/g, "") };
}

const kinds = [...SAMPLE_MESSAGES.map((sample) => sample.kind), "contact form notice (to the team)"];

describe.skipIf(missing !== null)(`SpamAssassin, local tests${missing ? ` (skipped: ${missing})` : ""}`, () => {
  it.each(kinds)("%s scores 0 or below", async (kind) => {
    const index = kinds.indexOf(kind);
    const subject = index < SAMPLE_MESSAGES.length ? (await SAMPLE_MESSAGES[index]!.email()).subject : "Contact form (General Inquiry): Arrive-and-drive days";
    const mail = received.get(subject);
    expect(mail, `${kind} was sent`).toBeDefined();
    const result = score(mail!.raw);
    console.log(`[spamassassin] ${kind}: ${result.score} ${result.tests}`);
    expect(result.score, `${kind}: ${result.tests}`).toBeLessThanOrEqual(0);
  });
});
