import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ARTICLE_STATE_LABELS, type ArticleState } from "../article-states";

export const STATE_TONES: Record<ArticleState, BadgeTone> = {
  draft: "neutral",
  in_review: "warning",
  scheduled: "accent",
  published: "success",
  archived: "neutral",
};

export function StateBadge({ state }: { state: ArticleState }) {
  return <Badge tone={STATE_TONES[state]}>{ARTICLE_STATE_LABELS[state]}</Badge>;
}
