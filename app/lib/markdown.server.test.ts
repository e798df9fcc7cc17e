import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

/*
 * Legal texts are typed in the back office by editors; an editor's account can be someone
 * else's. Whatever they type comes out as the allow-list's tags or as text (issue 35, finding 1).
 */
describe("renderMarkdown", () => {
  it("keeps the legal pages' headings, lists, bold, and web, mail and on-site links", () => {
    expect(
      renderMarkdown(
        "Intro **bold**.\n\n## Cookies we set\n\n### Session cookie\n\n- **Name:** x\n- two\n\nE-mail [us](mailto:info@ridgeway-racing.example), call [us](tel:+441632960123), read [the policy](/privacy) or [this](https://example.com/a).",
      ),
    ).toBe(
      "<p>Intro <strong>bold</strong>.</p><h2>Cookies we set</h2><h3>Session cookie</h3>" +
        "<ul><li><p><strong>Name:</strong> x</p></li><li><p>two</p></li></ul>" +
        '<p>E-mail <a href="mailto:info@ridgeway-racing.example">us</a>, call <a href="tel:+441632960123">us</a>, read <a href="/privacy">the policy</a> or ' +
        '<a href="https://example.com/a" rel="noopener noreferrer">this</a>.</p>',
    );
  });

  it.each([
    ["a script block", "<script>fetch('/admin/people',{method:'POST'})</script>"],
    ["an inline script", "Text <script>alert(1)</script> more"],
    ["an event handler", '<img src="x" onerror="alert(1)">'],
    ["an inline event handler", 'Text <b onmouseover="alert(1)">hover</b>'],
    ["a refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
    ["a style", "<style>body{display:none}</style>"],
    ["a frame", '<iframe src="https://evil.example"></iframe>'],
    ["an SVG", "<svg><script>alert(1)</script></svg>"],
    ["a form", '<form action="https://evil.example"><button>Go</button></form>'],
    ["a base", '<base href="https://evil.example/">'],
  ])("writes %s as the text it was typed as", (_, markup) => {
    const html = renderMarkdown(markup);
    expect(html).not.toMatch(/<(?!\/?(p|strong|em|br)>)[a-z]/i);
    expect(html).toContain("&lt;");
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](javascript&#58;alert(1))",
    "[x](java&#x09;script:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[x](vbscript:msgbox(1))",
    "[x](//evil.example/login)",
    "[x](/\\evil.example/login)",
    "<javascript:alert(1)>",
    '[x](https://example.com "a" onmouseover="alert(1)")',
  ])("drops the dangerous link target of %s and keeps its words", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/href="(?!https:\/\/example\.com\/?")/);
    expect(html).not.toMatch(/\son\w+="/i);
  });
});
