import { isJsonObject, jsonDiff, type DiffEntry, type JsonObject, type JsonValue } from "./json-diff";
import { condenseWordDiff, wordDiff, type WordDiffPart } from "./word-diff";
import { formatUkDateTime } from "./dates";

/*
 * A stored value as staff read it: the activity log and History show a change as words, never
 * as raw JSON. Office hours read "Days: Monday – Friday, Hours: 9:00 – 17:00", an article body
 * reads as its paragraphs, a time as UK time, a yes/no as Yes or No.
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "officeHours" → "Office hours", "author_name" → "Author name". */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A node of a rich-text document (Tiptap/ProseMirror JSON): `{ type, content?, text? }`. */
function isRichTextNode(value: JsonValue | undefined): value is JsonObject {
  return (
    isJsonObject(value) &&
    typeof value.type === "string" &&
    (Array.isArray(value.content) || typeof value.text === "string" || value.type === "image")
  );
}

function isRichTextNodes(value: JsonValue): value is JsonObject[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRichTextNode(item));
}

const BLOCKS = new Set(["paragraph", "heading", "blockquote", "listItem", "bulletList", "orderedList", "doc", "horizontalRule"]);

/** A rich-text node's text: blocks on lines of their own, a picture as "[Picture: alt]". */
function richText(node: JsonObject): string {
  if (typeof node.text === "string") return node.text;
  if (node.type === "hardBreak") return "\n";
  if (node.type === "horizontalRule") return "———";
  if (node.type === "image") {
    const attrs = isJsonObject(node.attrs) ? node.attrs : {};
    const alt = typeof attrs.alt === "string" && attrs.alt ? attrs.alt : typeof attrs.src === "string" ? attrs.src : "";
    return `[Picture${alt ? `: ${alt}` : ""}]`;
  }
  const children = Array.isArray(node.content) ? node.content.filter(isJsonObject) : [];
  const blockChildren = children.some((child) => BLOCKS.has(String(child.type)) || child.type === "image");
  const text = children.map(richText).join(blockChildren ? "\n" : "");
  if (node.type === "heading") return `## ${text}`;
  if (node.type === "listItem") return `• ${text}`;
  return text;
}

/** A value as one readable text; null and "" read as "" (the screen says "(empty)"). */
export function readableValue(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string")
    return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? `${formatUkDateTime(value)} UK time` : value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (isRichTextNode(value)) return richText(value);
  if (Array.isArray(value)) {
    if (isRichTextNodes(value)) return value.map(richText).join("\n");
    const items = value.map((item) => readableValue(item));
    return value.every((item) => !Array.isArray(item) && !isJsonObject(item)) ? items.join(", ") : items.join("\n");
  }
  return Object.entries(value as JsonObject)
    .filter(([, item]) => item !== null && item !== "")
    .map(([key, item]) => `${readableKey(key)}: ${readableValue(item)}`)
    .join(", ");
}

/**
 * A changed field's name for people: "Office hours", "Seo › Title". The inner `content` of a
 * rich-text body is the body itself ("Body", not "Body › Content").
 */
export function readableDiffLabel(entry: DiffEntry): string {
  if (entry.path.length === 0) return "The record";
  const value = entry.kind === "removed" ? entry.before : entry.after;
  const path =
    entry.path.length > 1 && entry.path.at(-1) === "content" && (isRichTextNodes(value) || (Array.isArray(value) && value.length === 0))
      ? entry.path.slice(0, -1)
      : entry.path;
  return path.map((segment) => readableKey(segment)).join(" › ");
}

/** One change as the screens show it: the field in words and what happened to its text. */
export type ReadableChange =
  | { label: string; kind: "added"; text: string }
  | { label: string; kind: "removed"; text: string }
  /** `parts`: the words removed and added, with a little unchanged text around each. */
  | { label: string; kind: "changed"; parts: WordDiffPart[] };

/** Added or removed text longer than this is cut (the full value stays in the audit row). */
export const MAX_SHOWN_LENGTH = 300;

function shortened(text: string): string {
  return text.length > MAX_SHOWN_LENGTH ? `${text.slice(0, MAX_SHOWN_LENGTH).trimEnd()}…` : text;
}

/**
 * A stored diff as staff read it. A record created or removed whole (one change at the root)
 * reads field by field; a changed value reads as the words that changed in it, so an edit near
 * the end of a long text is seen, not cut off with the rest.
 */
export function readableDiff(diff: readonly DiffEntry[], context = 8): ReadableChange[] {
  const entries = diff.flatMap((entry) => {
    if (entry.path.length === 0 && entry.kind === "changed" && (isJsonObject(entry.before) || isJsonObject(entry.after))) {
      return jsonDiff(isJsonObject(entry.before) ? entry.before : {}, isJsonObject(entry.after) ? entry.after : {});
    }
    return [entry];
  });
  return entries.flatMap((entry): ReadableChange[] => {
    const label = readableDiffLabel(entry);
    const before = entry.kind === "added" ? "" : readableValue(entry.before);
    const after = entry.kind === "removed" ? "" : readableValue(entry.after);
    if (before === after) return [];
    if (before === "") return [{ label, kind: "added", text: shortened(after) }];
    if (after === "") return [{ label, kind: "removed", text: shortened(before) }];
    return [{ label, kind: "changed", parts: condenseWordDiff(wordDiff(before, after), context) }];
  });
}

/** The fields a record is known by, best first: an article's title, a person's or product's name... */
const NAME_FIELDS = ["title", "name", "orderNumber", "code", "caption", "altText", "slug", "email"] as const;

/** What a record is called, read from its snapshot (for audit rows written without a label); null when nothing names it. */
export function recordLabel(snapshot: JsonValue | undefined): string | null {
  if (!isJsonObject(snapshot)) return null;
  for (const field of NAME_FIELDS) {
    const value = snapshot[field];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
  }
  return null;
}
