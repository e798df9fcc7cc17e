import { describe, expect, it } from "vitest";
import { countScripts, limitCopy } from "./limit-copy";

const PAGE = [
  '<!DOCTYPE html><html lang="en-GB"><head>',
  '<meta charset="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-abc.js"/>',
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n0nce"/>',
  '<link rel="stylesheet" href="/assets/root-123.css"/>',
  '<link rel="preload" as="image" href="/media/hero/hero-1.svg" fetchPriority="high"/>',
  '<script type="application/ld+json" nonce="n0nce">{"@type":"SportsTeam"}</script>',
  "</head><body><main><h1>Ridgeway Racing</h1></main>",
  '<script>window.__reactRouterContext = {"a":"\\u003c/script>"};</script>',
  '<script nonce="n0nce">\nconsole.log(1)\n</script >',
  '<script type="module" async="">import "/assets/entry.client-abc.js";</script>',
  '<script src="/assets/legacy.js" defer></script>',
  "</body></html>",
].join("");

describe("limitCopy", () => {
  it("removes every script element and module preload", () => {
    const copy = limitCopy(PAGE);
    expect(countScripts(PAGE)).toEqual({ scripts: 4, modulePreloads: 2 });
    expect(countScripts(copy)).toEqual({ scripts: 0, modulePreloads: 0 });
    expect(copy).not.toContain("__reactRouterContext");
    expect(copy).not.toContain("console.log");
    expect(copy).not.toContain("/assets/entry.client-abc.js");
    expect(copy).not.toContain("legacy.js");
  });

  it("keeps JSON-LD and everything else byte for byte", () => {
    expect(limitCopy(PAGE)).toBe(
      [
        '<!DOCTYPE html><html lang="en-GB"><head>',
        '<meta charset="utf-8"/>',
        '<link rel="stylesheet" href="/assets/root-123.css"/>',
        '<link rel="preload" as="image" href="/media/hero/hero-1.svg" fetchPriority="high"/>',
        '<script type="application/ld+json" nonce="n0nce">{"@type":"SportsTeam"}</script>',
        "</head><body><main><h1>Ridgeway Racing</h1></main>",
        "</body></html>",
      ].join(""),
    );
  });

  it("reads attributes however they are quoted or cased", () => {
    expect(limitCopy("<LINK REL=modulepreload HREF=/a.js><link rel='preload modulepreload' href='/b.js'><p>x</p>")).toBe("<p>x</p>");
    expect(limitCopy("<SCRIPT TYPE='Application/LD+JSON'>{}</SCRIPT><Script type=module>x()</Script>")).toBe(
      "<SCRIPT TYPE='Application/LD+JSON'>{}</SCRIPT>",
    );
    // A data-type attribute is not the element's type.
    expect(limitCopy('<script data-type="application/ld+json">run()</script>')).toBe("");
  });

  it("leaves a page without scripts as it is", () => {
    const html = "<html><body><p>No scripts here</p></body></html>";
    expect(limitCopy(html)).toBe(html);
    expect(countScripts(html)).toEqual({ scripts: 0, modulePreloads: 0 });
  });
});
