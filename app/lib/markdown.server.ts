import { marked } from "marked";

/**
 * Markdown from the team's own content (legal texts, articles) to HTML. The
 * text is written by the team, not by visitors, so it is not sanitised.
 */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false });
}
