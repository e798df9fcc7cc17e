import { and, count, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import {
  articles,
  emailOutbox,
  newsletterIssues,
  newsletterRecipients,
  newsletterSubscribers,
  type NewsletterIssueStatus,
} from "../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditActor,
  type AuditContext,
  type AuditedWriteResult,
} from "~/features/admin/audit.server";
import type { StaffUser } from "~/features/admin/staff.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { mediaFileUrl } from "~/features/media/media";
import { ensureEmailVariant, getPictureImage } from "~/features/media/media.server";
import { databaseMediaStorage } from "~/features/media/storage.server";
import { articleHero } from "~/features/news/news-image";
import { articlePath } from "~/features/news/news-links";
import { isPublicArticle } from "~/features/news/news.server";
import {
  emailablePicture,
  issueActions,
  issueHasContent,
  personalise,
  preheaderFrom,
  type IssueContent,
  type SendingReport,
} from "./newsletter-issue";
import { confirmedSubscriberCount, renderIssueTemplate } from "./newsletter-sending.server";

/*
 * The newsletter desk's reads and writes (ADR 0073). Every write goes through auditedWrite, and
 * every change of an issue is based on the version the screen showed.
 */

export const ISSUE_ENTITY = "newsletter_issue";
const ISSUES = { table: newsletterIssues, id: newsletterIssues.id, entityType: ISSUE_ENTITY };

type Issue = typeof newsletterIssues.$inferSelect;

export type IssueWriteResult = { ok: true; issue: Issue } | { ok: false; status: 400 | 404 | 409; message: string };

function fromAudited(result: AuditedWriteResult<Issue | { refused: string }>): IssueWriteResult {
  if (!result.ok) return { ok: false, status: 409, message: result.message };
  if ("refused" in result.value) return { ok: false, status: 400, message: result.value.refused };
  return { ok: true, issue: result.value };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function getIssue(db: Database, id: string): Promise<Issue | null> {
  if (!isUuid(id)) return null;
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return issue ?? null;
}

export async function listIssues(db: Database) {
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      status: newsletterIssues.status,
      sendAt: newsletterIssues.sendAt,
      finishedAt: newsletterIssues.finishedAt,
      updatedAt: newsletterIssues.updatedAt,
      // Spelled out: Drizzle leaves table names off columns in a one-table select.
      recipients: sql<number>`(select count(*)::int from newsletter_recipients r where r.issue_id = newsletter_issues.id)`,
    })
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.updatedAt))
    .limit(200);
}

/** Published articles, newest first, to make an issue from. */
export async function listArticlesToSend(db: Database) {
  return db
    .select({ id: articles.id, title: articles.title, publishedOn: articles.publishedOn })
    .from(articles)
    .where(isPublicArticle())
    .orderBy(desc(articles.publishedOn), desc(articles.publishAt))
    .limit(50);
}

export async function createIssue(context: AuditContext, staff: AuditActor, content: IssueContent): Promise<IssueWriteResult> {
  if (!issueHasContent({ body: content.body, articleUrl: null }))
    return { ok: false, status: 400, message: "Write the text of the issue." };
  const result = await auditedWrite(context, staff, async (tx) => {
    const [issue] = await tx
      .insert(newsletterIssues)
      .values({ ...content, createdBy: staff.id })
      .returning();
    return {
      value: issue!,
      audit: { action: "create", entityType: ISSUE_ENTITY, entityId: issue!.id, entityLabel: issue!.subject, before: null, after: issue },
    };
  });
  return fromAudited(result);
}

/** A draft issue from a published article: its title, excerpt, picture (raster only) and link. */
export async function createIssueFromArticle(
  context: AuditContext,
  staff: AuditActor,
  articleId: string,
  publicUrl: string,
): Promise<IssueWriteResult> {
  const [article] = await context.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublicArticle()));
  if (!article) return { ok: false, status: 404, message: "That article is not published, so it cannot be sent." };
  const hero = articleHero(article, article.heroAssetId ? await getPictureImage(context.db, article.heroAssetId) : null);
  // A library photo is sent as its JPEG (ADR 0103); the editor's share image or the art only when a mail client shows it.
  const photo =
    hero.kind === "photo" && article.heroAssetId
      ? await ensureEmailVariant(context.db, databaseMediaStorage(context.db), article.heroAssetId)
      : null;
  const picture =
    emailablePicture(article.shareImage) ?? (photo ? mediaFileUrl(photo.key) : emailablePicture(hero.kind === "art" ? hero.src : null));
  const content = {
    subject: article.title.slice(0, 500),
    preheader: preheaderFrom(article.excerpt),
    body: article.excerpt,
    articleId: article.id,
    articleTitle: article.title,
    articleUrl: `${publicUrl}${articlePath(article.slug)}`,
    imageUrl: picture ? (picture.startsWith("/") ? `${publicUrl}${picture}` : picture) : null,
    imageAlt: picture && hero.kind === "photo" ? hero.picture.alt : null,
  };
  const result = await auditedWrite(context, staff, async (tx) => {
    const [issue] = await tx
      .insert(newsletterIssues)
      .values({ ...content, createdBy: staff.id })
      .returning();
    return {
      value: issue!,
      audit: {
        action: "create",
        entityType: ISSUE_ENTITY,
        entityId: issue!.id,
        entityLabel: issue!.subject,
        before: null,
        after: issue,
        reason: `Made from the article "${article.title}"`,
      },
    };
  });
  return fromAudited(result);
}

/**
 * One change of an issue's state or content, based on `version`: `allowed` says whether the issue's
 * current state permits it (else a 400 with `refusal`).
 */
async function changeIssue(
  context: AuditContext,
  staff: AuditActor,
  id: string,
  version: number,
  change: {
    action: string;
    allowed: (issue: Issue) => string | null;
    values: (issue: Issue) => Partial<typeof newsletterIssues.$inferInsert>;
    reason?: string;
  },
): Promise<IssueWriteResult> {
  if (!isUuid(id)) return { ok: false, status: 404, message: "There is no such issue." };
  const result = await auditedWrite<Issue | { refused: string }>(context, staff, async (tx) => {
    const before = await lockRecord(tx, ISSUES, id);
    if (!before) return { value: { refused: "There is no such issue." }, audit: [] };
    if (before.version === version) {
      const refusal = change.allowed(before);
      if (refusal) return { value: { refused: refusal }, audit: [] };
    }
    const after = await updateVersioned(tx, ISSUES, id, version, { ...change.values(before), updatedAt: new Date() });
    return {
      value: after,
      audit: {
        action: change.action,
        entityType: ISSUE_ENTITY,
        entityId: id,
        entityLabel: after.subject,
        before,
        after,
        reason: change.reason,
      },
    };
  });
  const outcome = fromAudited(result);
  if (!outcome.ok && outcome.message === "There is no such issue.") return { ...outcome, status: 404 };
  return outcome;
}

const notDraft = (issue: Issue) =>
  issueActions(issue.status).edit ? null : "Only a draft can be changed: cancel the schedule first, or this issue has gone out already.";

export function saveIssue(context: AuditContext, staff: AuditActor, id: string, version: number, content: IssueContent) {
  return changeIssue(context, staff, id, version, {
    action: "update",
    allowed: (issue) =>
      notDraft(issue) ?? (issueHasContent({ body: content.body, articleUrl: issue.articleUrl }) ? null : "Write the text of the issue."),
    values: () => content,
  });
}

export function scheduleIssue(context: AuditContext, staff: AuditActor, id: string, version: number, sendAt: Date, now = new Date()) {
  return changeIssue(context, staff, id, version, {
    action: "newsletter.schedule",
    allowed: (issue) => notDraft(issue) ?? (sendAt.getTime() <= now.getTime() ? "Choose a time in the future, or send it now." : null),
    values: () => ({ status: "scheduled" satisfies NewsletterIssueStatus, sendAt }),
  });
}

export function unscheduleIssue(context: AuditContext, staff: AuditActor, id: string, version: number) {
  return changeIssue(context, staff, id, version, {
    action: "newsletter.unschedule",
    allowed: (issue) => (issueActions(issue.status).unschedule ? null : "This issue is not scheduled."),
    values: () => ({ status: "draft" satisfies NewsletterIssueStatus, sendAt: null }),
  });
}

/** Starts the send: the sending job claims it within seconds (newsletter-sending.server.tsx). */
export async function sendIssueNow(context: AuditContext, staff: AuditActor, id: string, version: number, now = new Date()) {
  const recipients = await confirmedSubscriberCount(context.db);
  return changeIssue(context, staff, id, version, {
    action: "newsletter.send",
    allowed: (issue) =>
      issueActions(issue.status).send
        ? recipients === 0
          ? "There are no confirmed subscribers to send it to."
          : null
        : "This issue has been sent already.",
    values: () => ({ status: "sending" satisfies NewsletterIssueStatus, sendAt: now, claimedBy: null, claimedUntil: null }),
    reason: `Sent to the ${recipients} confirmed subscriber${recipients === 1 ? "" : "s"} of the moment`,
  });
}

/**
 * Queues one copy of the issue to the signed-in staff member's own address (never any other),
 * marked as a test; its unsubscribe link goes nowhere useful, so it carries no List-* headers.
 */
export async function sendTestIssue(context: AuditContext, staff: StaffUser, id: string, publicUrl: string): Promise<IssueWriteResult> {
  const issue = await getIssue(context.db, id);
  if (!issue) return { ok: false, status: 404, message: "There is no such issue." };
  if (!issueHasContent(issue)) return { ok: false, status: 400, message: "Write the text of the issue first." };
  const template = await renderIssueTemplate(context.db, publicUrl, issue);
  const result = await auditedWrite(context, staff, async (tx) => {
    await queueEmail(tx, {
      to: staff.email,
      subject: `[Test] ${issue.subject}`,
      html: personalise(template.html, "test-copy"),
      text: personalise(template.text, "test-copy"),
    });
    return {
      value: issue,
      audit: {
        action: "newsletter.test",
        entityType: ISSUE_ENTITY,
        entityId: issue.id,
        entityLabel: issue.subject,
        before: null,
        after: null,
        reason: `Test copy to ${staff.email}`,
      },
    };
  });
  return fromAudited(result);
}

/** What the server knows about an issue's send: its recipients and their outbox rows. */
export async function sendingReport(db: Database, issue: Pick<Issue, "id" | "startedAt">): Promise<SendingReport> {
  const [row] = await db
    .select({
      recipients: count(),
      queued: count(emailOutbox.id),
      sent: sql<number>`count(*) filter (where ${emailOutbox.sentAt} is not null)::int`,
      failing: sql<number>`count(*) filter (where ${emailOutbox.id} is not null and ${emailOutbox.sentAt} is null and ${emailOutbox.lastError} is not null)::int`,
    })
    .from(newsletterRecipients)
    .leftJoin(emailOutbox, eq(emailOutbox.id, newsletterRecipients.outboxId))
    .where(eq(newsletterRecipients.issueId, issue.id));
  const [left] = issue.startedAt
    ? await db
        .select({ n: count() })
        .from(newsletterRecipients)
        .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterRecipients.subscriberId))
        .where(
          and(
            eq(newsletterRecipients.issueId, issue.id),
            isNotNull(newsletterSubscribers.unsubscribedAt),
            gt(newsletterSubscribers.unsubscribedAt, issue.startedAt),
          ),
        )
    : [{ n: 0 }];
  const recipients = row?.recipients ?? 0;
  const queued = row?.queued ?? 0;
  const sent = Number(row?.sent ?? 0);
  const failing = Number(row?.failing ?? 0);
  return { recipients, queued, sent, failing, waiting: queued - sent - failing, unsubscribedSince: left?.n ?? 0 };
}
