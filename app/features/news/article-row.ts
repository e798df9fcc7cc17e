/** An article's stored row as the desk reads it: its live content, and the content the editor works on. */
import type { articles } from "../../../db/schema";
import { articleSnapshot, SNAPSHOT_CONTENT_FIELDS, type ArticleContent, type ArticleSnapshot } from "./article-snapshot";
import { emptyRichTextDoc } from "./rich-text";

export type ArticleRow = typeof articles.$inferSelect;

export function contentOf(row: ArticleRow): ArticleContent {
  const content = Object.fromEntries(SNAPSHOT_CONTENT_FIELDS.map((field) => [field, row[field]])) as unknown as ArticleContent;
  return { ...content, body: row.body ?? emptyRichTextDoc() };
}

/** The article as the public site has it. */
export const snapshotOf = (row: ArticleRow): ArticleSnapshot => articleSnapshot(row);

/** The article as the editor works on it: its staged changes when it has some, else the live content. */
export const workingSnapshotOf = (row: ArticleRow): ArticleSnapshot =>
  row.stagedContent ? { ...snapshotOf(row), ...row.stagedContent, heroAssetId: row.stagedContent.heroAssetId ?? null } : snapshotOf(row);
