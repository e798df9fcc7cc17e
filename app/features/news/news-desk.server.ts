import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { auditedWrite, type AuditActor, type AuditContext, type Tx } from "~/features/admin/audit.server";
import { articleRevisions, articleSlugRedirects, articles, mediaAssets } from "../../../db/schema";
import { applyTransition, type ArticleTransition } from "./article-states";
import { snapshotContent, type ArticleContent, type ArticleSnapshot } from "./article-snapshot";
import { ukCalendarDate } from "./article-form";
import { contentOf, snapshotOf, workingSnapshotOf, type ArticleRow } from "./article-row";
import { getArticleRevision } from "./news-desk-reads.server";
import { nextStagedContent, savesAreStaged, STAGED_CHANGES_BLOCK_TRANSITIONS } from "./staged-changes";
import { followArticle } from "~/features/push/push-queue.server";

/**
 * The news desk's writes (ADRs 25, 26); its reads are in news-desk-reads.server.ts. Every write runs in one
 * audited transaction (admin-core's auditedWrite: the change and its audit_events row together)
 * that checks the version the editor saw (optimistic concurrency), changes the article, adds one
 * to its version and appends an article_revisions row: the History tab and the preview read
 * those rows, and nothing ever updates or deletes one. A save of a live article is staged
 * (ADR 0109): it goes into `staged_content`, which no public query reads, until
 * publishArticleChanges copies it into the live columns or discardArticleChanges drops it.
 */

/** The audit trail's name for an article. */
export const ARTICLE_ENTITY = "news_article";

export type DeskWriteResult =
  | { ok: true; articleId: string; version: number; revisionId: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; message: string; currentVersion: number }
  | { ok: false; reason: "invalid"; message: string; field?: "slug" | "heroAssetId" };

class DeskWriteRefused extends Error {
  constructor(readonly result: Exclude<DeskWriteResult, { ok: true }>) {
    super(result.reason);
  }
}

async function lockArticle(tx: Tx, articleId: string, expectedVersion: number): Promise<ArticleRow> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, articleId)).for("update");
  if (!row) throw new DeskWriteRefused({ ok: false, reason: "not-found" });
  if (row.version !== expectedVersion) {
    throw new DeskWriteRefused({
      ok: false,
      reason: "conflict",
      currentVersion: row.version,
      message:
        "Someone else saved this article since you opened it. Their changes are kept: open the article again to see them, then make your change again.",
    });
  }
  return row;
}

/** Why an article may not take a slug: another article has it, or used to (its old links lead there). */
async function slugRefusal(tx: Tx, slug: string, articleId: string): Promise<string | null> {
  const [taken] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.slug, slug), ne(articles.id, articleId)));
  if (taken) return "Another article already has this slug.";
  const [formerly] = await tx
    .select({ id: articleSlugRedirects.articleId })
    .from(articleSlugRedirects)
    .where(and(eq(articleSlugRedirects.oldSlug, slug), ne(articleSlugRedirects.articleId, articleId)));
  if (formerly) return "Another article had this slug before, and its old links still lead there. Choose another.";
  return null;
}

/** A hero photo must be a live image of the library: checked in the write, so no path can save a deleted or unknown one. */
async function checkHeroPhoto(tx: Tx, heroAssetId: string | null): Promise<void> {
  if (!heroAssetId) return;
  const [asset] = await tx
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, heroAssetId), eq(mediaAssets.kind, "image"), isNull(mediaAssets.deletedAt)));
  if (!asset) {
    throw new DeskWriteRefused({
      ok: false,
      reason: "invalid",
      field: "heroAssetId",
      message: "Choose a photo that is in the media library.",
    });
  }
}

async function writeRevision(tx: Tx, row: ArticleRow, action: string, actorId: string | null): Promise<number> {
  const [revision] = await tx
    .insert(articleRevisions)
    .values({ articleId: row.id, version: row.version, action, snapshot: workingSnapshotOf(row), authorId: actorId })
    .returning({ id: articleRevisions.id });
  return revision!.id;
}

type DeskWrite = { ok: true; articleId: string; version: number; revisionId: number };

/**
 * One audited write: `work` returns the article before and after, and the revision it wrote;
 * a refusal thrown inside (not found, conflict, invalid) rolls everything back and comes out as
 * the result the screen shows.
 */
async function runWrite(
  context: AuditContext,
  actor: AuditActor,
  action: string,
  work: (
    tx: Tx,
  ) => Promise<{ before: ArticleRow | null; after: ArticleRow; revisionId: number; auditBefore?: ArticleSnapshot; auditAction?: string }>,
): Promise<DeskWriteResult> {
  try {
    const result = await auditedWrite<DeskWrite>(context, actor, async (tx) => {
      const { before, after, revisionId, auditBefore, auditAction } = await work(tx);
      return {
        value: { ok: true, articleId: after.id, version: after.version, revisionId },
        audit: {
          action: auditAction ?? action,
          entityType: ARTICLE_ENTITY,
          entityId: after.id,
          entityLabel: after.title,
          before: auditBefore ?? (before && workingSnapshotOf(before)),
          after: workingSnapshotOf(after),
        },
      };
    });
    if (!result.ok) return { ok: false, reason: "conflict", message: result.message, currentVersion: -1 };
    return result.value;
  } catch (error) {
    if (error instanceof DeskWriteRefused) return error.result;
    throw error;
  }
}

/** A new article, as a draft dated today; its first revision is written with it. */
export function createArticle(
  context: AuditContext,
  actor: AuditActor,
  content: ArticleContent,
  now = new Date(),
): Promise<DeskWriteResult> {
  return runWrite(context, actor, "create", async (tx) => {
    const refusal = await slugRefusal(tx, content.slug, "");
    if (refusal) throw new DeskWriteRefused({ ok: false, reason: "invalid", field: "slug", message: refusal });
    await checkHeroPhoto(tx, content.heroAssetId);
    const [row] = await tx
      .insert(articles)
      .values({ ...content, id: crypto.randomUUID(), status: "draft", publishAt: null, publishedOn: ukCalendarDate(now), version: 1 })
      .returning();
    const revisionId = await writeRevision(tx, row!, "create", actor.id);
    return { before: null, after: row!, revisionId };
  });
}

async function updateArticle(tx: Tx, current: ArticleRow, changes: Partial<typeof articles.$inferInsert>): Promise<ArticleRow> {
  const [row] = await tx
    .update(articles)
    .set({ ...changes, version: current.version + 1, updatedAt: sql`now()` })
    .where(and(eq(articles.id, current.id), eq(articles.version, current.version)))
    .returning();
  return row!;
}

async function refuseTakenSlug(tx: Tx, current: ArticleRow, slug: string): Promise<void> {
  if (slug === current.slug) return;
  const refusal = await slugRefusal(tx, slug, current.id);
  if (refusal) throw new DeskWriteRefused({ ok: false, reason: "invalid", field: "slug", message: refusal });
}

/** A new live slug keeps the old one answering with a 301; taking back a slug the article had before removes that redirect. */
async function moveSlug(tx: Tx, current: ArticleRow, slug: string): Promise<void> {
  if (slug === current.slug) return;
  await refuseTakenSlug(tx, current, slug);
  await tx.delete(articleSlugRedirects).where(eq(articleSlugRedirects.oldSlug, slug));
  await tx
    .insert(articleSlugRedirects)
    .values({ oldSlug: current.slug, articleId: current.id })
    .onConflictDoUpdate({ target: articleSlugRedirects.oldSlug, set: { articleId: current.id } });
}

/**
 * Saves an article's content; the state and publish time are untouched. A live article (or one
 * with changes staged already) keeps its live content: the save is staged (ADR 0109), and a
 * slug it changes is only checked, not moved, until the changes are published.
 */
export function saveArticle(
  context: AuditContext,
  actor: AuditActor,
  input: { articleId: string; expectedVersion: number; content: ArticleContent; action?: "update" | "restore"; now?: Date },
): Promise<DeskWriteResult> {
  const action = input.action ?? "update";
  const now = input.now ?? new Date();
  return runWrite(context, actor, action, async (tx) => {
    const current = await lockArticle(tx, input.articleId, input.expectedVersion);
    const working = workingSnapshotOf(current);
    // A restore may bring back a photo deleted since: the art (or no picture) shows until another is chosen.
    if (input.content.heroAssetId !== working.heroAssetId && action !== "restore") await checkHeroPhoto(tx, input.content.heroAssetId);
    if (savesAreStaged(current, now)) {
      await refuseTakenSlug(tx, current, input.content.slug);
      const staged = nextStagedContent(contentOf(current), input.content);
      const row = await updateArticle(tx, current, {
        stagedContent: staged,
        stagedAt: staged ? now : null,
        stagedBy: staged ? actor.id : null,
      });
      const revisionId = await writeRevision(tx, row, action === "update" ? "stage" : "restore-staged", actor.id);
      // The activity log says the live article did not change: "Stage changes", not "Update".
      return { before: current, after: row, revisionId, auditAction: action === "update" ? "stage_changes" : "restore_staged" };
    }
    await moveSlug(tx, current, input.content.slug);
    const row = await updateArticle(tx, current, input.content);
    const revisionId = await writeRevision(tx, row, action === "update" ? "save" : action, actor.id);
    return { before: current, after: row, revisionId };
  });
}

/**
 * "Publish changes": the staged content becomes the live article in one transaction (the row is
 * locked and its version checked, so two editors cannot both publish, nor publish a version
 * they have not seen). The slug and hero photo are checked again: another article may have
 * taken the slug, or the photo left the library, since the changes were saved.
 */
export function publishArticleChanges(
  context: AuditContext,
  actor: AuditActor,
  input: { articleId: string; expectedVersion: number },
): Promise<DeskWriteResult> {
  return runWrite(context, actor, "publish_changes", async (tx) => {
    const current = await lockArticle(tx, input.articleId, input.expectedVersion);
    const staged = current.stagedContent;
    if (!staged) throw new DeskWriteRefused({ ok: false, reason: "invalid", message: "There are no unpublished changes to publish." });
    if (staged.heroAssetId && staged.heroAssetId !== current.heroAssetId) {
      try {
        await checkHeroPhoto(tx, staged.heroAssetId);
      } catch {
        throw new DeskWriteRefused({
          ok: false,
          reason: "invalid",
          message: "The hero photo in these changes is no longer in the media library. Choose another photo and save, then publish.",
        });
      }
    }
    try {
      await moveSlug(tx, current, staged.slug);
    } catch (error) {
      if (!(error instanceof DeskWriteRefused) || error.result.reason !== "invalid") throw error;
      throw new DeskWriteRefused({
        ok: false,
        reason: "invalid",
        message: `${error.result.message} Change the slug and save, then publish.`,
      });
    }
    const row = await updateArticle(tx, current, { ...staged, stagedContent: null, stagedAt: null, stagedBy: null });
    // A report still waiting for its publish time goes out with the words now published.
    await followArticle(tx, row, new Date());
    const revisionId = await writeRevision(tx, row, "publish-changes", actor.id);
    // The audit row compares the page as it was with the page as it is now.
    return { before: current, after: row, revisionId, auditBefore: snapshotOf(current) };
  });
}

/** "Discard changes": the staged content is dropped and the editor is back on the live article. */
export function discardArticleChanges(
  context: AuditContext,
  actor: AuditActor,
  input: { articleId: string; expectedVersion: number },
): Promise<DeskWriteResult> {
  return runWrite(context, actor, "discard_changes", async (tx) => {
    const current = await lockArticle(tx, input.articleId, input.expectedVersion);
    if (!current.stagedContent)
      throw new DeskWriteRefused({ ok: false, reason: "invalid", message: "There are no unpublished changes to discard." });
    const row = await updateArticle(tx, current, { stagedContent: null, stagedAt: null, stagedBy: null });
    // A revision of the live text, so the newest revision (what Preview opens) is what the editor sees.
    const revisionId = await writeRevision(tx, row, "discard-changes", actor.id);
    return { before: current, after: row, revisionId };
  });
}

/** Submit, schedule, publish, unpublish or archive (the rules: article-states.ts). */
export function transitionArticle(
  context: AuditContext,
  actor: AuditActor,
  input: { articleId: string; expectedVersion: number; transition: ArticleTransition; now?: Date },
): Promise<DeskWriteResult> {
  const now = input.now ?? new Date();
  return runWrite(context, actor, input.transition.action, async (tx) => {
    const current = await lockArticle(tx, input.articleId, input.expectedVersion);
    if (current.stagedContent) throw new DeskWriteRefused({ ok: false, reason: "invalid", message: STAGED_CHANGES_BLOCK_TRANSITIONS });
    const next = applyTransition(current, input.transition, now);
    if (!next.ok) throw new DeskWriteRefused({ ok: false, reason: "invalid", message: next.message });
    const row = await updateArticle(tx, current, {
      status: next.status,
      publishAt: next.publishAt,
      // The date the page shows is the UK date it goes live; a draft keeps the date it had.
      ...(next.publishAt ? { publishedOn: ukCalendarDate(next.publishAt) } : {}),
    });
    // A race report going live is pushed to fans at its publish time (withdrawn if taken back before).
    await followArticle(tx, row, now);
    const revisionId = await writeRevision(tx, row, input.transition.action, actor.id);
    return { before: current, after: row, revisionId };
  });
}

/**
 * Brings an earlier revision's content back as a NEW revision (never by rewinding): the state and
 * publish time stay as they are, and every revision, the live one included, stays in History.
 */
export async function restoreArticleRevision(
  context: AuditContext,
  actor: AuditActor,
  input: { articleId: string; revisionId: number; expectedVersion: number },
): Promise<DeskWriteResult> {
  const revision = await getArticleRevision(context.db, input.articleId, input.revisionId);
  if (!revision) return { ok: false, reason: "not-found" };
  const content = snapshotContent(revision.snapshot);
  // A photo removed from the library for good cannot come back: the restore keeps the rest.
  if (
    content.heroAssetId &&
    !(await context.db.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.id, content.heroAssetId))).length
  ) {
    content.heroAssetId = null;
  }
  return saveArticle(context, actor, { ...input, content, action: "restore" });
}
