import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createShellRewrite } from "./shell-rewrite.server";

/** Marks the first "ä" and the shell's end, so a second pass or a rewrite of the tail would show. */
const upperUntilEnd = {
  start: "</head>",
  end: "</end>",
  rewrite: (html: string) => html.replace("ä", "Ä").replace("</end>", "</END>"),
};
const through = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(createShellRewrite(upperUntilEnd)));

describe("createShellRewrite", () => {
  it("rewrites the shell once and streams the rest untouched, wherever the chunks split", async () => {
    const page = Buffer.from("<head><title>ä</title></head><p>é</p></end><script>late ä ü</script>");
    const expected = "<head><title>Ä</title></head><p>é</p></END><script>late ä ü</script>";
    for (let cut = 1; cut < page.length; cut++) {
      // Every split point, including inside `</end>` and inside the two bytes of "ä", "é", "ü".
      expect(await through([page.subarray(0, cut), page.subarray(cut)])).toBe(expected);
    }
    expect(await through([...page].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("rewrites a page that ends before its shell is complete, and passes on a shell too long to hold", async () => {
    expect(await through([Buffer.from("<p>short ä</p>")])).toBe("<p>short Ä</p>");
    const long = "</head><p>ä" + "x".repeat(1100 * 1024);
    const tail = "</p></end>";
    expect(await through([Buffer.from(long.slice(0, 600_000)), Buffer.from(long.slice(600_000)), Buffer.from(tail)])).toBe(long + tail);
  });

  it("sends the shell as soon as its end follows its start, before the page ends", async () => {
    const stream = createShellRewrite(upperUntilEnd);
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    const sent = () => new Promise((resolve) => setImmediate(resolve)).then(() => received.join(""));
    stream.write("</end> ä <head></he");
    expect(await sent()).toBe("");
    stream.write("ad><p>shell</p></e");
    expect(await sent()).toBe("");
    stream.write("nd>");
    expect(await sent()).toBe("</END> Ä <head></head><p>shell</p></end>");
    stream.end("<p>later ä</p>");
    expect(await sent()).toBe("</END> Ä <head></head><p>shell</p></end><p>later ä</p>");
  });
});
