import type { RichTextDoc } from "./rich-text";
import { jsonEqual, type JsonValue } from "~/lib/json-diff";

/** An article's editable content as one revision keeps it (and as a restore brings it back). */
export interface ArticleSnapshot {
  slug: string;
  title: string;
  category: string;
  venue: string;
  image: string;
  objectPosition: string;
  /** A library photo as the hero (ADR 25); revisions written before the library have none. */
  heroAssetId: string | null;
  excerpt: string;
  body: RichTextDoc;
  authorName: string | null;
  authorTitle: string | null;
  authorImage: string | null;
  authorLinkedin: string | null;
  podcastYoutubeUrl: string | null;
  podcastSpotifyUrl: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  shareImage: string | null;
  /** The state when the revision was written: shown in History, never restored. */
  status: string;
  publishAt: string | null;
}

export const SNAPSHOT_CONTENT_FIELDS = [
  "slug",
  "title",
  "category",
  "venue",
  "image",
  "objectPosition",
  "heroAssetId",
  "excerpt",
  "body",
  "authorName",
  "authorTitle",
  "authorImage",
  "authorLinkedin",
  "podcastYoutubeUrl",
  "podcastSpotifyUrl",
  "seoTitle",
  "seoDescription",
  "shareImage",
] as const satisfies ReadonlyArray<keyof ArticleSnapshot>;

export type ArticleContent = Pick<ArticleSnapshot, (typeof SNAPSHOT_CONTENT_FIELDS)[number]>;

export const SNAPSHOT_FIELD_LABELS: Record<(typeof SNAPSHOT_CONTENT_FIELDS)[number], string> = {
  slug: "Slug",
  title: "Title",
  category: "Category",
  venue: "Venue",
  image: "Hero art",
  objectPosition: "Hero art focus",
  heroAssetId: "Hero photo",
  excerpt: "Excerpt",
  body: "Body",
  authorName: "Author",
  authorTitle: "Author's title",
  authorImage: "Author's photo",
  authorLinkedin: "Author's LinkedIn",
  podcastYoutubeUrl: "Podcast (YouTube)",
  podcastSpotifyUrl: "Podcast (Spotify)",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  shareImage: "Share image",
};

/** The fields that differ between two versions: the History tab's compare, and whether a save changes a live article. */
export function changedFields(before: ArticleContent, after: ArticleContent): Array<(typeof SNAPSHOT_CONTENT_FIELDS)[number]> {
  // `?? null`: a field a revision older than it lacks reads as empty, not as a change. jsonEqual
  // ignores key order: PostgreSQL's jsonb gives a body back with its keys in its own order.
  return SNAPSHOT_CONTENT_FIELDS.filter((field) => !jsonEqual((before[field] ?? null) as JsonValue, (after[field] ?? null) as JsonValue));
}

/** The columns of an article row a snapshot is made from. */
export type ArticleSnapshotSource = {
  [Key in (typeof SNAPSHOT_CONTENT_FIELDS)[number]]: Key extends "body" ? RichTextDoc | null : ArticleSnapshot[Key];
} & {
  status: string;
  publishAt: Date | null;
};

/** A stored revision's content, with the fields it predates as empty (a revision older than the library has no hero photo). */
export function snapshotContent(snapshot: ArticleSnapshot): ArticleContent {
  const content = Object.fromEntries(SNAPSHOT_CONTENT_FIELDS.map((field) => [field, snapshot[field]])) as unknown as ArticleContent;
  return { ...content, heroAssetId: snapshot.heroAssetId ?? null };
}

export function articleSnapshot(row: ArticleSnapshotSource): ArticleSnapshot {
  const content = Object.fromEntries(SNAPSHOT_CONTENT_FIELDS.map((field) => [field, row[field]])) as unknown as ArticleContent;
  return {
    ...content,
    body: row.body ?? { type: "doc", content: [] },
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
  };
}
