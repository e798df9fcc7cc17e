import { markdownToRichText } from "~/features/news/markdown-to-rich-text.server";
import { renderRichText } from "~/features/news/rich-text-html.server";

/**
 * Markdown stored by the team (legal texts, the accessibility statement) to HTML, through the one
 * renderer every stored text uses: the Markdown is read into the rich-text document articles are
 * kept as, and that document is written from an allow-list (rich-text-html.server.ts). Raw HTML in
 * the Markdown (`<script>`, `<meta>`, `<style>`, `<iframe>`, event attributes) comes out as the
 * escaped text it was typed as; links keep only http(s), mailto:, tel: and same-site targets.
 * Staff accounts can be taken over, so what they type is treated as hostile (ADR 0094).
 */
export function renderMarkdown(markdown: string): string {
  return renderRichText(markdownToRichText(markdown).content);
}
