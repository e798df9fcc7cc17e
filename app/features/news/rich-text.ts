import { jsonNestsDeeperThan } from "~/lib/json-depth";
import { z } from "~/lib/zod";

/**
 * An article body as structured rich text: the JSON document Tiptap (ProseMirror) produces, with
 * the node and mark names of Tiptap's StarterKit and Image extensions. It is data, never HTML: the
 * server renders it from an allow-list (rich-text-html.server.ts), so nothing a member of staff
 * types or pastes reaches a page as markup.
 */
export interface RichTextMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  marks?: RichTextMark[];
  text?: string;
}

export interface RichTextDoc {
  type: "doc";
  content: RichTextNode[];
}

/** The nodes the site renders; anything else is shown as its plain text. */
export const RICH_TEXT_NODES = [
  "paragraph",
  "heading",
  "text",
  "bulletList",
  "orderedList",
  "listItem",
  "blockquote",
  "horizontalRule",
  "hardBreak",
  "image",
] as const;

/** The marks the site renders; any other mark is dropped (its text stays). */
export const RICH_TEXT_MARKS = ["bold", "italic", "link"] as const;

/** Limits that keep a hostile or broken document from costing the server much. */
export const RICH_TEXT_LIMITS = { maxDepth: 12, maxNodes: 20_000, maxTextLength: 200_000 } as const;

const markSchema = z.object({ type: z.string().min(1).max(40), attrs: z.record(z.string(), z.unknown()).optional() });

const nodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.object({
    type: z.string().min(1).max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(nodeSchema).optional(),
    marks: z.array(markSchema).max(10).optional(),
    text: z.string().optional(),
  }),
);

function measure(nodes: readonly RichTextNode[], depth: number, totals: { nodes: number; text: number }): number {
  let deepest = depth;
  for (const node of nodes) {
    totals.nodes += 1;
    totals.text += node.text?.length ?? 0;
    if (node.content) deepest = Math.max(deepest, measure(node.content, depth + 1, totals));
  }
  return deepest;
}

const TOO_DEEP = "The text is nested too deeply.";

/**
 * The JSON levels a document within maxDepth can need: two a node (it and its content list),
 * and a few for its marks and attributes. Checked first, without recursion, because the
 * recursive node schema (and JSON.stringify when it is stored) would overflow the stack on a
 * document thousands of levels deep before the depth check below could refuse it.
 */
const MAX_JSON_DEPTH = 2 * RICH_TEXT_LIMITS.maxDepth + 8;

const docSchema = z.object({ type: z.literal("doc"), content: z.array(nodeSchema) }).superRefine((doc, ctx) => {
  const totals = { nodes: 0, text: 0 };
  const depth = measure(doc.content, 1, totals);
  if (depth > RICH_TEXT_LIMITS.maxDepth) ctx.addIssue({ code: "custom", message: TOO_DEEP });
  if (totals.nodes > RICH_TEXT_LIMITS.maxNodes || totals.text > RICH_TEXT_LIMITS.maxTextLength) {
    ctx.addIssue({ code: "custom", message: "The text is too long for one article." });
  }
});

/** A body as the admin form sends it: the document's JSON, checked for shape and size. */
export const richTextDocSchema: z.ZodType<RichTextDoc> = z
  .unknown()
  .refine((value) => !jsonNestsDeeperThan(value, MAX_JSON_DEPTH), { message: TOO_DEEP, abort: true })
  .pipe(docSchema);

/** The document's words, for search and for "is it empty?". */
export function richTextPlainText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => (node.type === "text" ? (node.text ?? "") : richTextPlainText(node.content ?? [])))
    .join(nodes.some((node) => node.type !== "text" && node.type !== "hardBreak") ? "\n" : "");
}

export const emptyRichTextDoc = (): RichTextDoc => ({ type: "doc", content: [{ type: "paragraph" }] });

/** A document of plain paragraphs: the admin form's no-JavaScript fallback (one paragraph per blank-line block). */
export function richTextFromPlainParagraphs(text: string): RichTextDoc {
  const blocks = text
    .replaceAll("\r\n", "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  if (blocks.length === 0) return emptyRichTextDoc();
  return {
    type: "doc",
    content: blocks.map((block) => {
      const lines = block.split("\n");
      const content: RichTextNode[] = lines.flatMap((line, index) =>
        index === 0 ? [{ type: "text", text: line }] : [{ type: "hardBreak" }, { type: "text", text: line }],
      );
      return { type: "paragraph", content: content.filter((node) => node.type !== "text" || node.text) };
    }),
  };
}
