import type { RichTextMark, RichTextNode } from "./rich-text";

/**
 * Renders a rich-text document to HTML from an allow-list. Only the tags written here can come
 * out; every text and attribute value is escaped; a link keeps its href only when it is http(s)
 * or a same-site path; an image only when it is one of the site's own media files. A node type
 * the site does not know is shown as its escaped plain text, so nothing typed is lost and nothing
 * typed becomes markup.
 */
export function renderRichText(nodes: readonly RichTextNode[] | null | undefined, pictureNotes: PictureNotes = NO_NOTES): string {
  return (nodes ?? []).map((node) => renderNode(node, pictureNotes)).join("");
}

/** What the media library says under a picture: its caption and credit (either may be empty). */
export interface PictureNote {
  caption: string;
  credit: string;
}

/** Notes by image src, for the library pictures placed in a body (see pictureNotesFor in media.server.ts). */
export type PictureNotes = ReadonlyMap<string, PictureNote>;

const NO_NOTES: PictureNotes = new Map();

/** The src of every image in a body, in order: what to look up notes for. */
export function imageSources(nodes: readonly RichTextNode[] | null | undefined): string[] {
  return (nodes ?? []).flatMap((node) => [
    ...(node.type === "image" && typeof node.attrs?.src === "string" ? [node.attrs.src] : []),
    ...imageSources(node.content),
  ]);
}

/** A credit reads "Photo: Jane Doe", unless it already says what it is ("© …", "Photo by …"). */
function creditText(credit: string): string {
  return /^(photo|picture|image|credit|©|\(c\))/i.test(credit) ? credit : `Photo: ${credit}`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * An href staff may link to: http(s), mailto: and tel: URLs, and paths on this site ("/news", "#results").
 * Everything else (javascript:, data:, vbscript:, protocol-relative "//host", control characters) is refused.
 */
export function safeLinkHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const href = value.trim();
  if (href === "" || href.length > 2048) return null;
  // Browsers ignore tabs, newlines and other control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(href)) return null;
  if (href.startsWith("#")) return href;
  if (href.startsWith("/")) return href.startsWith("//") ? null : href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** Schemes a link may use: web pages, and an address to write to or a number to call. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** An image source: one of the site's own media files (the seed's SVG art and the media library's files). */
export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return /^\/media\/[\w/.-]+$/.test(value) && !value.includes("..") ? value : null;
}

function headingLevel(value: unknown): 2 | 3 | 4 {
  // The page title is the h1, so an article's headings start at h2 and stop at h4.
  const level = typeof value === "number" ? Math.trunc(value) : 2;
  return level <= 2 ? 2 : level >= 4 ? 4 : 3;
}

function listStart(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 1 && value < 100_000 ? value : null;
}

function plainText(node: RichTextNode): string {
  if (node.type === "text") return escapeHtml(node.text ?? "");
  return (node.content ?? []).map(plainText).join(" ");
}

function renderChildren(node: RichTextNode, notes: PictureNotes): string {
  return renderRichText(node.content, notes);
}

function renderNode(node: RichTextNode, notes: PictureNotes): string {
  switch (node.type) {
    case "text":
      return renderText(node.text ?? "", node.marks ?? []);
    case "paragraph":
      return `<p>${renderChildren(node, notes)}</p>`;
    case "heading": {
      const level = headingLevel(node.attrs?.level);
      return `<h${level}>${renderChildren(node, notes)}</h${level}>`;
    }
    case "bulletList":
      return `<ul>${renderChildren(node, notes)}</ul>`;
    case "orderedList": {
      const start = listStart(node.attrs?.start);
      return `<ol${start ? ` start="${start}"` : ""}>${renderChildren(node, notes)}</ol>`;
    }
    case "listItem":
      return `<li>${renderChildren(node, notes)}</li>`;
    case "blockquote":
      return `<blockquote>${renderChildren(node, notes)}</blockquote>`;
    case "horizontalRule":
      return "<hr>";
    case "hardBreak":
      return "<br>";
    case "image": {
      const src = safeImageSrc(node.attrs?.src);
      if (!src) return "";
      const alt = typeof node.attrs?.alt === "string" ? node.attrs.alt : "";
      // A figure, so a picture is a block with room around it; a library picture's caption and credit go under it.
      const note = notes.get(src);
      const caption = note?.caption.trim() ? escapeHtml(note.caption.trim()) : "";
      const credit = note?.credit.trim() ? `<span class="picture-credit">${escapeHtml(creditText(note.credit.trim()))}</span>` : "";
      const figcaption = caption || credit ? `<figcaption>${[caption, credit].filter(Boolean).join(" ")}</figcaption>` : "";
      return `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">${figcaption}</figure>`;
    }
    default: {
      const text = plainText(node);
      return text ? `<p>${text}</p>` : "";
    }
  }
}

function renderText(text: string, marks: readonly RichTextMark[]): string {
  let html = escapeHtml(text);
  if (marks.some((mark) => mark.type === "italic")) html = `<em>${html}</em>`;
  if (marks.some((mark) => mark.type === "bold")) html = `<strong>${html}</strong>`;
  const link = marks.find((mark) => mark.type === "link");
  const href = link ? safeLinkHref(link.attrs?.href) : null;
  if (href) {
    const external = /^https?:/.test(href);
    html = `<a href="${escapeHtml(href)}"${external ? ' rel="noopener noreferrer"' : ""}>${html}</a>`;
  }
  return html;
}
