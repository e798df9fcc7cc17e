import { spawnSync } from "node:child_process";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { EMAIL_CATALOGUE } from "../../app/features/email-previews/catalogue.server";
import { deliveryRound, smtpTransport, type MailTransport } from "../../app/features/mail/delivery.server";
import { queueEmail } from "../../app/features/mail/outbox.server";
import { startLoopbackSmtp, type ReceivedMail } from "../support/smtp-server";
import { seededTestDatabase } from "../support/test-database";

/*
 * Every kind of message the site sends, as it leaves through SMTP, scored by SpamAssassin with
 * local tests only (`spamassassin -L`: no DNS or network checks). Each must score 0 or below.
 * Debian: apt-get install spamassassin. The scores are recorded in docs/email.md.
 * The kinds come from the mail catalogue (app/features/email-previews/catalogue.server.tsx), the list the
 * back office's previews show, so a new kind of message is scored as soon as it is listed.
 */

const spamassassin = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
const missing = spamassassin.error ? "spamassassin is not installed (Debian: apt-get install spamassassin)" : null;

const log = pino({ level: "silent" });
const suite = seededTestDatabase();
let received: Map<string, ReceivedMail>;
let mailServer: Awaited<ReturnType<typeof startLoopbackSmtp>> | undefined;
let transport: MailTransport | undefined;
/** Each kind's subject, to find it among the messages the SMTP server received. */
const subjects = new Map<string, string>();

beforeAll(async () => {
  if (missing) return;
  await suite.db.delete(emailOutbox);
  const site = { publicUrl: "https://ridgeway-racing.example", postalAddress: "Unit 4, Ridgeway Business Park, Swindon SN4 0AA" };
  for (const kind of EMAIL_CATALOGUE) {
    const sample = await kind.sample(site);
    subjects.set(kind.id, sample.subject);
    await queueEmail(suite.db, sample);
  }
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

describe.skipIf(missing !== null)(`SpamAssassin, local tests${missing ? ` (skipped: ${missing})` : ""}`, () => {
  it.each(EMAIL_CATALOGUE.map((kind) => kind.id))("%s scores 0 or below", (id) => {
    const mail = received.get(subjects.get(id)!);
    expect(mail, `${id} was sent`).toBeDefined();
    const result = score(mail!.raw);
    console.log(`[spamassassin] ${id}: ${result.score} ${result.tests}`);
    expect(result.score, `${id}: ${result.tests}`).toBeLessThanOrEqual(0);
  });
});
