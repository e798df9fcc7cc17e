import { changedFields, type ArticleContent } from "./article-snapshot";
import { isPubliclyVisible } from "./article-states";

/**
 * Staged changes (ADR 0109): a save of a live article is held beside it, not written over it, so
 * the public site keeps showing what was published until an editor chooses "Publish changes".
 * Drafts, articles in review, scheduled and archived ones are not on the site: their saves are
 * written straight in, as before.
 */

/** Whether a save is held back as staged changes: the article is live, or already has some. */
export function savesAreStaged(
  article: { status: string; publishAt: Date | null; stagedContent: ArticleContent | null },
  now: Date,
): boolean {
  return article.stagedContent !== null || isPubliclyVisible(article.status, article.publishAt, now);
}

/**
 * What a save of a live article leaves staged: the saved content, or nothing when it is the
 * published content again (there would be nothing to publish).
 */
export function nextStagedContent(live: ArticleContent, saved: ArticleContent): ArticleContent | null {
  return changedFields(live, saved).length === 0 ? null : saved;
}

/**
 * Unpublishing or archiving with changes staged would leave it unclear which text the article
 * keeps, so state changes wait until the changes are published or discarded.
 */
export const STAGED_CHANGES_BLOCK_TRANSITIONS =
  "This article has changes that are not published yet. Publish them or discard them first, then change its state.";
