import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ArticleSnapshot } from "../../app/features/news/article-snapshot";
import { users } from "./auth";
import { articles } from "./content";

/** A slug an article answered to before it was renamed: that address answers with a 301. */
export const articleSlugRedirects = pgTable(
  "article_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("article_slug_redirects_article_idx").on(table.articleId)],
);

/**
 * One saved version of an article: written in the same transaction as every save, state change
 * and restore, never updated or deleted. Preview reads a revision by id, so it shows exactly the
 * version being edited; a restore copies an old snapshot into a NEW revision.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: text("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** The article's version this revision produced. */
    version: integer("version").notNull(),
    /** What happened: 'create' | 'save' | 'submit' | 'schedule' | 'publish' | 'unpublish' | 'archive' | 'restore'. */
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<ArticleSnapshot>().notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("article_revisions_article_idx").on(table.articleId, table.id)],
);
