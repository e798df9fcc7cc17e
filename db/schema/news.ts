import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { ArticleContent, ArticleSnapshot } from "../../app/features/news/article-snapshot";
import type { RichTextDoc } from "../../app/features/news/rich-text";
import { users } from "./accounts";
import { versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * News: articles, the slugs they answered to before a rename, and their saved revisions.
 */

/**
 * A news article. `id` is the stable internal key (never shown, never changes); `slug` is the
 * public address and may be renamed (the old one answers with a 301: articleSlugRedirects).
 * Publishing is data (ADR "scheduling"): the public site shows a row only when
 * `status = 'published' AND publish_at <= now()`; a future publish_at is a scheduled post.
 *
 * The table also has `search_document`, a tsvector the database generates from the title, excerpt
 * and body text, with a GIN index (migration 0039, ADR 0144). It is left out of this definition on
 * purpose, so whole-row selects never carry it; searches name it in SQL (articleSearchDocument).
 */
export const articles = pgTable(
  "articles",
  {
    id: text("id").primaryKey(),
    // The volatile default gives each existing row a distinct value while the column is added
    // (the unique index needs that); a custom migration then copies the id in. The app always sets it.
    slug: text("slug")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    title: text("title").notNull(),
    /** The date the page shows: the UK calendar date of publish_at once published. */
    publishedOn: date("published_on").notNull(),
    /** 'draft' | 'in_review' | 'published' | 'archived'; see app/features/news/article-states.ts. */
    status: text("status").notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Optimistic concurrency: every save is `WHERE version = $seen` and adds one. */
    version: versionColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    category: text("category").notNull(),
    venue: text("venue").notNull(),
    /** The hero as a path of the site's own art ("/media/…", the seed's SVGs); "" when the hero is a library photo. */
    image: text("image").notNull(),
    /** The art's crop; a library photo uses its own focal point instead. */
    objectPosition: text("object_position").notNull().default("center"),
    /** The hero as a photo of the media library (ADR 25); when set and live, pages show it instead of `image`. */
    heroAssetId: text("hero_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    excerpt: text("excerpt").notNull(),
    /** The body as a rich-text document (app/features/news/rich-text.ts), rendered on the server. */
    body: jsonb("body").$type<RichTextDoc>(),
    /** The Markdown the article was seeded from; converted into `body` by the seed, not read by pages. */
    bodyMarkdown: text("body_markdown"),
    authorName: text("author_name"),
    authorTitle: text("author_title"),
    authorImage: text("author_image"),
    authorLinkedin: text("author_linkedin"),
    podcastYoutubeUrl: text("podcast_youtube_url"),
    podcastSpotifyUrl: text("podcast_spotify_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    shareImage: text("share_image"),
    /** Set on the articles the home page hero slides promote. */
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
    /**
     * Changes saved to a live article and not yet published (ADR 0109): the whole content as the
     * editor left it. Public pages read only the columns above, so they show the published version
     * until "Publish changes" copies this in; "Discard changes" empties it.
     */
    stagedContent: jsonb("staged_content").$type<ArticleContent>(),
    /** When the staged changes were last saved, and by whom (null when nobody has any). */
    stagedAt: timestamp("staged_at", { withTimezone: true }),
    stagedBy: text("staged_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("articles_published_idx").on(table.publishedOn),
    uniqueIndex("articles_slug_unique").on(table.slug),
    index("articles_status_publish_at_idx").on(table.status, table.publishAt),
  ],
);

/** The generated full-text column described above, for a search's SQL: `${articleSearchDocument} @@ query`. */
export const articleSearchDocument = sql`${articles}.search_document`;

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
