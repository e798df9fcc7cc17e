import { marked, type Token, type Tokens } from "marked";
import type { RichTextDoc, RichTextMark, RichTextNode } from "./rich-text";

/**
 * Converts the seed's Markdown articles (content/news/*.md) into the rich-text document the
 * editor and the renderer use, so there is one body format (ADR 25). Covers what the
 * content uses and CommonMark's other block and inline forms; raw HTML becomes plain text.
 */
export function markdownToRichText(markdown: string): RichTextDoc {
  const content = blocks(marked.lexer(markdown, { gfm: true }));
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}

function blocks(tokens: readonly Token[]): RichTextNode[] {
  return tokens.flatMap((token): RichTextNode[] => {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        return [{ type: "heading", attrs: { level: Math.min(4, Math.max(2, heading.depth)) }, content: inline(heading.tokens, []) }];
      }
      case "paragraph":
        return paragraph(inline((token as Tokens.Paragraph).tokens, []));
      case "text": {
        // A tight list item's text: inline tokens of its own.
        const text = token as Tokens.Text;
        return paragraph(text.tokens ? inline(text.tokens, []) : textNodes(text.text, []));
      }
      case "list": {
        const list = token as Tokens.List;
        const items = list.items.map((item) => ({ type: "listItem", content: blocks(item.tokens) }));
        if (!list.ordered) return [{ type: "bulletList", content: items }];
        const start = typeof list.start === "number" && list.start > 1 ? list.start : undefined;
        return [{ type: "orderedList", ...(start ? { attrs: { start } } : {}), content: items }];
      }
      case "blockquote":
        return [{ type: "blockquote", content: blocks((token as Tokens.Blockquote).tokens) }];
      case "hr":
        return [{ type: "horizontalRule" }];
      case "code":
      case "html":
        return paragraph(textNodes((token as Tokens.Code | Tokens.HTML).text, []));
      default:
        return [];
    }
  });
}

function paragraph(content: RichTextNode[]): RichTextNode[] {
  return content.length ? [{ type: "paragraph", content }] : [];
}

function textNodes(text: string, marks: RichTextMark[]): RichTextNode[] {
  return text ? [{ type: "text", text, ...(marks.length ? { marks } : {}) }] : [];
}

function inline(tokens: readonly Token[] | undefined, marks: RichTextMark[]): RichTextNode[] {
  return (tokens ?? []).flatMap((token): RichTextNode[] => {
    switch (token.type) {
      case "strong":
        return inline((token as Tokens.Strong).tokens, [...marks, { type: "bold" }]);
      case "em":
        return inline((token as Tokens.Em).tokens, [...marks, { type: "italic" }]);
      case "link": {
        const link = token as Tokens.Link;
        return inline(link.tokens, [...marks, { type: "link", attrs: { href: link.href } }]);
      }
      case "br":
        return [{ type: "hardBreak" }];
      case "image":
        return textNodes((token as Tokens.Image).text, marks);
      case "text": {
        const text = token as Tokens.Text;
        return text.tokens ? inline(text.tokens, marks) : textNodes(decodeEntities(text.text), marks);
      }
      case "escape":
      case "codespan":
      case "del":
      case "html":
        return textNodes(decodeEntities((token as Tokens.Escape).text), marks);
      default:
        return textNodes("raw" in token ? token.raw : "", marks);
    }
  });
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

/** marked leaves a few entities encoded in text tokens; the document holds plain characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name]!);
}
