/**
 * The life of an article (ADR 26). Four states are stored: draft, in_review, published,
 * archived. "Scheduled" is not stored: it is a published article whose publish_at is still ahead,
 * so the one public rule `status = 'published' AND publish_at <= now()` covers it, and the post goes
 * live at its time with no job to run (nor to be lost in a restart).
 */
export const STORED_ARTICLE_STATUSES = ["draft", "in_review", "published", "archived"] as const;
export type StoredArticleStatus = (typeof STORED_ARTICLE_STATUSES)[number];

export const ARTICLE_STATES = ["draft", "in_review", "scheduled", "published", "archived"] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const ARTICLE_STATE_LABELS: Record<ArticleState, string> = {
  draft: "Draft",
  in_review: "In review",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

export function isStoredArticleStatus(value: string): value is StoredArticleStatus {
  return (STORED_ARTICLE_STATUSES as readonly string[]).includes(value);
}

/** The state staff see: a published row whose time has not come is "scheduled". */
export function articleState(status: string, publishAt: Date | null, now: Date): ArticleState {
  if (status === "published") return publishAt && publishAt.getTime() > now.getTime() ? "scheduled" : "published";
  return isStoredArticleStatus(status) ? status : "draft";
}

/** Whether the public site shows the article at `now` (the same rule the SQL applies). */
export function isPubliclyVisible(status: string, publishAt: Date | null, now: Date): boolean {
  return status === "published" && publishAt !== null && publishAt.getTime() <= now.getTime();
}

export type ArticleTransition =
  { action: "submit" } | { action: "publish" } | { action: "schedule"; publishAt: Date } | { action: "unpublish" } | { action: "archive" };

export const TRANSITION_LABELS: Record<ArticleTransition["action"], string> = {
  submit: "Submit for review",
  publish: "Publish now",
  schedule: "Schedule",
  unpublish: "Unpublish",
  archive: "Archive",
};

/** Which actions each state offers. */
const allowedFrom: Record<ArticleTransition["action"], readonly ArticleState[]> = {
  submit: ["draft"],
  publish: ["draft", "in_review", "scheduled"],
  schedule: ["draft", "in_review", "scheduled"],
  unpublish: ["in_review", "scheduled", "published", "archived"],
  archive: ["draft", "in_review", "scheduled", "published"],
};

export function availableTransitions(state: ArticleState): Array<ArticleTransition["action"]> {
  return (Object.keys(allowedFrom) as Array<ArticleTransition["action"]>).filter((action) => allowedFrom[action].includes(state));
}

export type TransitionResult = { ok: true; status: StoredArticleStatus; publishAt: Date | null } | { ok: false; message: string };

/**
 * The stored status and publish_at after a transition, or why it is not allowed. Publishing keeps
 * nothing of the old time: "publish now" is now, a schedule must be in the future (a time already
 * past would publish at once, which "Publish now" says more honestly).
 */
export function applyTransition(
  current: { status: string; publishAt: Date | null },
  transition: ArticleTransition,
  now: Date,
): TransitionResult {
  const state = articleState(current.status, current.publishAt, now);
  if (!allowedFrom[transition.action].includes(state)) {
    return {
      ok: false,
      message: `A ${ARTICLE_STATE_LABELS[state].toLowerCase()} article cannot be given "${TRANSITION_LABELS[transition.action]}".`,
    };
  }
  switch (transition.action) {
    case "submit":
      return { ok: true, status: "in_review", publishAt: null };
    case "publish":
      return { ok: true, status: "published", publishAt: now };
    case "schedule":
      if (Number.isNaN(transition.publishAt.getTime()) || transition.publishAt.getTime() <= now.getTime()) {
        return { ok: false, message: "Choose a time in the future to schedule (or publish now)." };
      }
      return { ok: true, status: "published", publishAt: transition.publishAt };
    case "unpublish":
      return { ok: true, status: "draft", publishAt: null };
    case "archive":
      return { ok: true, status: "archived", publishAt: null };
  }
}
