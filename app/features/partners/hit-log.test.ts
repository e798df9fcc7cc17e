import { describe, expect, it } from "vitest";
import { impressionsOfHitLine, wholeLines } from "./hit-log";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("nginx's log of partner hits", () => {
  it("counts a person's GET and not a crawler's, a prefetch or a cut line", () => {
    expect(impressionsOfHitLine(`1796022155.521\tGET\t200\thome/acme partners-page/acme\t${CHROME}\t\t`)).toEqual([
      ["home", "acme"],
      ["partners-page", "acme"],
    ]);
    expect(impressionsOfHitLine(`1\tGET\t200\thome/acme\tGooglebot/2.1 (+http://www.google.com/bot.html)\t\t`)).toEqual([]);
    expect(impressionsOfHitLine(`1\tGET\t200\thome/acme\t${CHROME}\tprefetch\t`)).toEqual([]);
    expect(impressionsOfHitLine(`1\tHEAD\t200\thome/acme\t${CHROME}\t\t`)).toEqual([]);
    expect(impressionsOfHitLine(`1\tGET\t200\thome/acme`)).toEqual([]);
  });

  it("leaves a half-written last line for the next read", () => {
    const { lines, bytes } = wholeLines(Buffer.from("a\nb\nhalf"));
    expect(lines).toEqual(["a", "b"]);
    expect(bytes).toBe(4);
    expect(wholeLines(Buffer.from("half")).bytes).toBe(0);
  });
});
