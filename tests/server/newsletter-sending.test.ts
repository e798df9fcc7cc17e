import { count, countDistinct, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, newsletterIssues, newsletterRecipients } from "../../db/schema";
import { getLatestArticles } from "../../app/features/news/news.server";
import {
  claimDueIssue,
  NEWSLETTER_CLAIM_MS,
  newsletterBatchSize,
  sendDueNewsletters,
} from "../../app/features/newsletter/newsletter-sending.server";
import { TEST_PUBLIC_URL } from "../support/accounts";
import { insertConfirmedSubscribers } from "../support/newsletter-subscribers";
import { seededTestDatabase } from "../support/test-database";

/*
 * An issue for 10,000 confirmed subscribers (ADR 0074): queued in batches, each subscriber once;
 * a process that dies after the first batch is resumed by another without a second copy, and
 * a second process never sends an issue that another holds. Prints how long queueing took and
 * how long a page's query waited meanwhile.
 */

const suite = seededTestDatabase();
const SUBSCRIBERS = 10_000;

const insertSubscribers = (n: number) => insertConfirmedSubscribers(suite.db, n);

async function dueIssue(subject: string) {
  const [issue] = await suite.db
    .insert(newsletterIssues)
    .values({ subject, body: "Race week.\n\nSee you there.", status: "scheduled", sendAt: new Date(Date.now() - 1000) })
    .returning();
  return issue!;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

describe(`newsletter sending (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("two processes racing for a due issue: exactly one claims it", async () => {
    const issue = await dueIssue("Race for the claim");
    const claims = await Promise.all([claimDueIssue(suite.db, "process-a"), claimDueIssue(suite.db, "process-b")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [row] = await suite.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(row).toMatchObject({ status: "sending", claimedBy: claims.find(Boolean)!.claimedBy });
    // Set aside: the next test's issue is the only one due.
    await suite.db
      .update(newsletterIssues)
      .set({ status: "draft", claimedBy: null, claimedUntil: null })
      .where(eq(newsletterIssues.id, issue.id));
  });

  it(
    "queues an issue for 10,000 confirmed subscribers once each, across a process that dies after one batch",
    { timeout: 600_000 },
    async () => {
      const insertStarted = performance.now();
      await insertSubscribers(SUBSCRIBERS);
      const insertMs = performance.now() - insertStarted;
      const issue = await dueIssue("Ten thousand");

      // Process A queues one batch, then dies (keeps its claim).
      const batchSize = newsletterBatchSize(suite.handle.kind);
      expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL, worker: "process-a", batchSize, maxBatches: 1 })).toBe(
        batchSize,
      );
      // Process B finds the issue held by A: it sends nothing.
      expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL, worker: "process-b", batchSize })).toBe(0);
      const [afterFirst] = await suite.db
        .select({ n: count() })
        .from(newsletterRecipients)
        .where(eq(newsletterRecipients.issueId, issue.id));
      expect(afterFirst!.n).toBe(batchSize);

      // A's claim lapses; process C resumes while "page requests" (the home page's news query) keep coming.
      const later = () => new Date(Date.now() + NEWSLETTER_CLAIM_MS + 1000);
      const waits: number[] = [];
      let queueing = true;
      const probe = (async () => {
        while (queueing) {
          const started = performance.now();
          await getLatestArticles(suite.db, 3);
          waits.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const queueStarted = performance.now();
      const resumed = await sendDueNewsletters(suite.db, {
        publicUrl: TEST_PUBLIC_URL,
        worker: "process-c",
        batchSize,
        now: later,
        pauseMs: 25,
      });
      const queueMs = performance.now() - queueStarted;
      queueing = false;
      await probe;
      expect(resumed).toBe(SUBSCRIBERS - batchSize);

      const [issueRow] = await suite.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
      expect(issueRow).toMatchObject({ status: "sent", claimedBy: null });
      const [recipients] = await suite.db
        .select({
          n: count(),
          people: countDistinct(newsletterRecipients.subscriberId),
          mails: countDistinct(newsletterRecipients.outboxId),
        })
        .from(newsletterRecipients)
        .where(eq(newsletterRecipients.issueId, issue.id));
      expect(recipients).toEqual({ n: SUBSCRIBERS, people: SUBSCRIBERS, mails: SUBSCRIBERS });
      const [mail] = await suite.db
        .select({ n: count(), addresses: countDistinct(emailOutbox.toAddress) })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, "Ten thousand"));
      expect(mail).toEqual({ n: SUBSCRIBERS, addresses: SUBSCRIBERS });

      // Running again (a restart after it finished) queues nothing.
      expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL, worker: "process-d", now: later })).toBe(0);
      expect((await suite.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.subject, "Ten thousand")))[0]!.n).toBe(
        SUBSCRIBERS,
      );

      const figures = {
        database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite",
        insertSubscribersMs: Math.round(insertMs),
        batchSize,
        queueRestMs: Math.round(queueMs),
        perThousandMs: Math.round(queueMs / ((SUBSCRIBERS - batchSize) / 1000)),
        probeQueries: waits.length,
        probeMedianMs: Math.round(percentile(waits, 50) * 10) / 10,
        probeP95Ms: Math.round(percentile(waits, 95) * 10) / 10,
        probeMaxMs: Math.round(Math.max(...waits) * 10) / 10,
      };
      console.log(`newsletter queueing figures: ${JSON.stringify(figures)}`);
      // A page's query never waits behind the whole send: at most about one batch's transaction.
      expect(figures.probeMaxMs).toBeLessThan(queueMs / 4);
    },
  );
});
