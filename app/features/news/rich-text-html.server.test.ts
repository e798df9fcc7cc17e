import { describe, expect, it } from "vitest";
import { markdownToRichText } from "./markdown-to-rich-text.server";
import { richTextDocSchema, richTextFromPlainParagraphs, type RichTextNode } from "./rich-text";
import { imageSources, renderRichText, safeLinkHref } from "./rich-text-html.server";

const text = (value: string, marks?: RichTextNode["marks"]): RichTextNode => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", content });
const link = (href: unknown) => [{ type: "link", attrs: { href } }];

describe("renderRichText", () => {
  it("renders the allowed nodes and marks", () => {
    const html = renderRichText([
      { type: "heading", attrs: { level: 2 }, content: [text("Race day")] },
      paragraph(text("A "), text("bold", [{ type: "bold" }]), text(" and "), text("leaning", [{ type: "italic" }]), text(" word.")),
      { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("one"))] }] },
      { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [paragraph(text("three"))] }] },
      { type: "blockquote", content: [paragraph(text("Quote"))] },
      { type: "horizontalRule" },
      paragraph(text("line"), { type: "hardBreak" }, text("next")),
      { type: "image", attrs: { src: "/media/news/car.svg", alt: "The car" } },
    ]);
    expect(html).toBe(
      "<h2>Race day</h2><p>A <strong>bold</strong> and <em>leaning</em> word.</p><ul><li><p>one</p></li></ul>" +
        '<ol start="3"><li><p>three</p></li></ol><blockquote><p>Quote</p></blockquote><hr><p>line<br>next</p>' +
        '<figure><img src="/media/news/car.svg" alt="The car" loading="lazy" decoding="async"></figure>',
    );
  });

  it("puts a library picture's caption and credit under it, escaped, and the next paragraph after the figure", () => {
    const src = "/media/u/0123456789abcdef0123456789abcdef-960.webp";
    const notes = new Map([[src, { caption: "Oliver on the grid <before> Race 2", credit: "Sam Lens" }]]);
    const html = renderRichText([{ type: "image", attrs: { src, alt: "Oliver on the grid" } }, paragraph(text("Next."))], notes);
    expect(html).toBe(
      `<figure><img src="${src}" alt="Oliver on the grid" loading="lazy" decoding="async">` +
        '<figcaption>Oliver on the grid &lt;before&gt; Race 2 <span class="picture-credit">Photo: Sam Lens</span></figcaption></figure><p>Next.</p>',
    );
    // Only what is filled in: a credit alone, one that already says what it is, nothing at all.
    expect(
      renderRichText([{ type: "image", attrs: { src, alt: "" } }], new Map([[src, { caption: " ", credit: "© Ridgeway Racing" }]])),
    ).toContain('<figcaption><span class="picture-credit">© Ridgeway Racing</span></figcaption>');
    expect(renderRichText([{ type: "image", attrs: { src, alt: "" } }], new Map([[src, { caption: "", credit: "" }]]))).not.toContain(
      "figcaption",
    );
    expect(
      imageSources([
        paragraph(text("a")),
        { type: "blockquote", content: [{ type: "image", attrs: { src } }] },
        { type: "image", attrs: { src: 7 } },
      ]),
    ).toEqual([src]);
  });

  it("keeps headings between h2 and h4 (the page title is the h1)", () => {
    const levels = [1, 2, 3, 4, 6, "9", undefined].map((level) =>
      renderRichText([{ type: "heading", attrs: { level }, content: [text("x")] }]),
    );
    expect(levels).toEqual(["<h2>x</h2>", "<h2>x</h2>", "<h3>x</h3>", "<h4>x</h4>", "<h4>x</h4>", "<h2>x</h2>", "<h2>x</h2>"]);
  });

  it("escapes text, so typed markup stays text", () => {
    expect(renderRichText([paragraph(text('<script>alert("x")</script> & <img src=x onerror=alert(1)>'))])).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>",
    );
  });

  it("links http(s), mailto:, tel: and same-site paths only, with rel=noopener on other sites", () => {
    expect(renderRichText([paragraph(text("site", link('https://example.com/a?b=1&c="2"')))])).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=%222%22" rel="noopener noreferrer">site</a></p>',
    );
    expect(renderRichText([paragraph(text("news", link("/news/x")))])).toBe('<p><a href="/news/x">news</a></p>');
    expect(renderRichText([paragraph(text("write", link("mailto:x@example.com")))])).toBe(
      '<p><a href="mailto:x@example.com">write</a></p>',
    );
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "//evil.example/x",
      "/\\evil.example",
      "file:///etc/passwd",
      42,
      null,
    ]) {
      expect(renderRichText([paragraph(text("click", link(href)))]), String(href)).toBe("<p>click</p>");
    }
  });

  it("never lets an attribute out of its quotes or adds attributes it was given", () => {
    const html = renderRichText([
      { type: "paragraph", attrs: { onclick: "alert(1)", style: "x", class: "y" }, content: [text("p")] },
      { type: "image", attrs: { src: '/media/a.svg" onerror="alert(1)', alt: "x" } },
      { type: "image", attrs: { src: "/media/ok.svg", alt: '" onerror="alert(1)' } },
      { type: "image", attrs: { src: "https://evil.example/track.gif", alt: "x" } },
      { type: "image", attrs: { src: "/media/../etc/passwd", alt: "x" } },
    ]);
    expect(html).toBe(
      '<p>p</p><figure><img src="/media/ok.svg" alt="&quot; onerror=&quot;alert(1)" loading="lazy" decoding="async"></figure>',
    );
    expect(html).not.toMatch(/onclick|style=|class=/);
  });

  it("shows an unknown node as its escaped text and drops unknown marks", () => {
    expect(
      renderRichText([
        { type: "script", content: [text("alert(1)")] },
        { type: "iframe", attrs: { src: "https://evil.example" } },
        { type: "codeBlock", content: [text("<b>x</b>")] },
        paragraph(text("struck", [{ type: "strike" }, { type: "textStyle", attrs: { color: "red" } }])),
      ]),
    ).toBe("<p>alert(1)</p><p>&lt;b&gt;x&lt;/b&gt;</p><p>struck</p>");
  });

  it("renders nothing for an empty or missing body", () => {
    expect(renderRichText(null)).toBe("");
    expect(renderRichText([{ type: "paragraph" }])).toBe("<p></p>");
  });
});

describe("safeLinkHref", () => {
  it("normalises an http(s) URL and keeps fragments", () => {
    expect(safeLinkHref("HTTPS://Example.com")).toBe("https://example.com/");
    expect(safeLinkHref("#results")).toBe("#results");
    expect(safeLinkHref("")).toBeNull();
  });
});

describe("richTextDocSchema", () => {
  it("accepts a Tiptap document and refuses other shapes", () => {
    expect(richTextDocSchema.safeParse({ type: "doc", content: [paragraph(text("x"))] }).success).toBe(true);
    expect(richTextDocSchema.safeParse({ type: "paragraph", content: [] }).success).toBe(false);
    expect(richTextDocSchema.safeParse({ type: "doc", content: [{ type: "paragraph", content: "x" }] }).success).toBe(false);
  });

  it("refuses a document nested deeper than the limit", () => {
    let node: RichTextNode = text("deep");
    for (let depth = 0; depth < 20; depth += 1) node = { type: "blockquote", content: [node] };
    expect(richTextDocSchema.safeParse({ type: "doc", content: [node] }).success).toBe(false);
  });
});

describe("richTextFromPlainParagraphs (the form without JavaScript)", () => {
  it("makes a paragraph per blank-line block and a line break per line", () => {
    expect(renderRichText(richTextFromPlainParagraphs("One\ntwo\r\n\r\n<b>Three</b>\n\n\n").content)).toBe(
      "<p>One<br>two</p><p>&lt;b&gt;Three&lt;/b&gt;</p>",
    );
  });
});

describe("markdownToRichText (the seed's articles)", () => {
  it("converts headings, bold, italics, links, lists, quotes and rules", () => {
    const doc = markdownToRichText(
      "Intro with **bold** and *italic* and [a link](https://example.com/x).\n\n## Heading\n\n- **One** item\n- two\n\n3. three\n\n> quoted\n\n---\n\n<script>x</script>",
    );
    expect(renderRichText(doc.content)).toBe(
      '<p>Intro with <strong>bold</strong> and <em>italic</em> and <a href="https://example.com/x" rel="noopener noreferrer">a link</a>.</p>' +
        "<h2>Heading</h2><ul><li><p><strong>One</strong> item</p></li><li><p>two</p></li></ul>" +
        '<ol start="3"><li><p>three</p></li></ol><blockquote><p>quoted</p></blockquote><hr><p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });

  it("keeps characters that are entities in HTML as plain characters", () => {
    const doc = markdownToRichText('Tom & Jerry\'s "car" <3');
    expect(doc.content[0]!.content!.map((node) => node.text).join("")).toBe('Tom & Jerry\'s "car" <3');
  });
});
