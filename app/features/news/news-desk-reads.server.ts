/**
 * The news desk's reads: its list of articles, one article as the edit form shows it, the
 * article's revisions and the preview of one. The writes are in news-desk.server.ts.
 */
import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articleRevisions, articles, users } from "../../../db/schema";
import { articleState, type ArticleState } from "./article-states";
import { changedFields, snapshotContent } from "./article-snapshot";
import { ukCalendarDate } from "./article-form";
import { contentOf, workingSnapshotOf } from "./article-row";
import { presentArticle } from "./news.server";

export const DESK_PAGE_SIZE = 20;

export interface DeskListFilter {
  query: string;
  state: ArticleState | "all";
  page: number;
}

function stateCondition(state: ArticleState | "all"): SQL | undefined {
  switch (state) {
    case "all":
      return undefined;
    case "scheduled":
      return and(eq(articles.status, "published"), gt(articles.publishAt, sql`now()`));
    case "published":
      return and(eq(articles.status, "published"), lte(articles.publishAt, sql`now()`));
    default:
      return eq(articles.status, state);
  }
}

/** The desk's list: newest change first, searched by title, slug or excerpt, filtered by state. */
export async function listDeskArticles(db: Database, filter: DeskListFilter, now = new Date()) {
  const pattern = `%${filter.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    filter.query ? or(ilike(articles.title, pattern), ilike(articles.slug, pattern), ilike(articles.excerpt, pattern)) : undefined,
    stateCondition(filter.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        category: articles.category,
        status: articles.status,
        publishAt: articles.publishAt,
        publishedOn: articles.publishedOn,
        updatedAt: articles.updatedAt,
        stagedAt: articles.stagedAt,
      })
      .from(articles)
      .where(where)
      .orderBy(desc(articles.updatedAt), desc(articles.publishedOn), articles.id)
      .limit(DESK_PAGE_SIZE)
      .offset((filter.page - 1) * DESK_PAGE_SIZE),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    pageCount: Math.max(1, Math.ceil((total?.total ?? 0) / DESK_PAGE_SIZE)),
    articles: rows.map((row) => ({ ...row, state: articleState(row.status, row.publishAt, now) })),
  };
}

/**
 * One article as the edit form shows it (its staged changes when it has some), with its latest
 * revision (what Preview shows) and, when changes are staged, when, by whom and what they change.
 */
export async function getDeskArticle(db: Database, articleId: string) {
  const [found] = await db
    .select({ row: articles, stagedByName: users.name })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.stagedBy))
    .where(eq(articles.id, articleId));
  if (!found) return null;
  const { row, stagedByName } = found;
  const [latest] = await db
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
    .limit(1);
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    publishAt: row.publishAt,
    publishedOn: row.publishedOn,
    content: row.stagedContent ? snapshotContent(workingSnapshotOf(row)) : contentOf(row),
    staged:
      row.stagedContent && row.stagedAt
        ? { at: row.stagedAt, byName: stagedByName, changed: changedFields(contentOf(row), snapshotContent(workingSnapshotOf(row))) }
        : null,
    latestRevisionId: latest?.id ?? null,
  };
}

/** Every revision of an article, newest first, with who wrote it and what it changed. */
export async function listArticleRevisions(db: Database, articleId: string) {
  const rows = await db
    .select({
      id: articleRevisions.id,
      version: articleRevisions.version,
      action: articleRevisions.action,
      snapshot: articleRevisions.snapshot,
      createdAt: articleRevisions.createdAt,
      authorName: users.name,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.authorId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id));
  return rows.map((row, index) => {
    const previous = rows[index + 1];
    return { ...row, changed: previous ? changedFields(previous.snapshot, row.snapshot) : [] };
  });
}

export async function getArticleRevision(db: Database, articleId: string, revisionId: number) {
  const [row] = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId)));
  return row ?? null;
}

/** A revision as the public page would show it: what Preview renders (by revision id, never "latest"). */
export async function getPreviewArticle(db: Database, articleId: string, revisionId: number) {
  const revision = await getArticleRevision(db, articleId, revisionId);
  if (!revision) return null;
  const [current] = await db.select({ publishedOn: articles.publishedOn }).from(articles).where(eq(articles.id, articleId));
  const publishedOn = revision.snapshot.publishAt
    ? ukCalendarDate(new Date(revision.snapshot.publishAt))
    : (current?.publishedOn ?? ukCalendarDate(new Date()));
  return { revision, article: await presentArticle(db, snapshotContent(revision.snapshot), publishedOn) };
}
