import { describe, expect, it } from "vitest";
import { condenseWordDiff, wordDiff, type WordDiffPart } from "./word-diff";

const join = (parts: WordDiffPart[], kinds: Array<WordDiffPart["kind"]>) =>
  parts
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join("");

describe("wordDiff", () => {
  it("marks the words taken out and put in, keeping the rest", () => {
    expect(wordDiff("Hartley wins at Cadwell", "Hartley wins again at Cadwell Park")).toEqual([
      { kind: "same", text: "Hartley wins " },
      { kind: "added", text: "again " },
      { kind: "same", text: "at Cadwell" },
      { kind: "added", text: " Park" },
    ]);
    expect(wordDiff("Monday to Friday, 9:00 to 17:00", "Monday to Friday, 8:30 to 17:00")).toEqual([
      { kind: "same", text: "Monday to Friday, " },
      { kind: "removed", text: "9:00" },
      { kind: "added", text: "8:30" },
      { kind: "same", text: " to 17:00" },
    ]);
  });

  it("shows a replaced phrase as one removal and one addition, not word by word", () => {
    expect(wordDiff("a red fast car", "a blue slow car")).toEqual([
      { kind: "same", text: "a " },
      { kind: "removed", text: "red fast" },
      { kind: "added", text: "blue slow" },
      { kind: "same", text: " car" },
    ]);
  });

  it("always rebuilds both texts: before from same + removed, after from same + added", () => {
    const pairs = [
      ["", "new text"],
      ["old text", ""],
      ["same", "same"],
      ["one two three four", "four three two one"],
      ["  spaced   out ", "spaced out"],
      ["line one\nline two", "line one\nline 2\nline three"],
    ];
    for (const [before, after] of pairs) {
      const parts = wordDiff(before!, after!);
      expect(join(parts, ["same", "removed"])).toBe(before);
      expect(join(parts, ["same", "added"])).toBe(after);
    }
    expect(wordDiff("same", "same")).toEqual([{ kind: "same", text: "same" }]);
    expect(wordDiff("", "")).toEqual([]);
  });

  it("finds a change at the very end of a long text (where a cut at a fixed length hid it)", () => {
    const long = "word ".repeat(400);
    const parts = wordDiff(`${long}before`, `${long}after`);
    expect(parts.filter((part) => part.kind !== "same")).toEqual([
      { kind: "removed", text: "before" },
      { kind: "added", text: "after" },
    ]);
  });

  it("stays quick on two long unrelated texts", () => {
    const a = Array.from({ length: 3000 }, (_, index) => `a${index}`).join(" ");
    const b = Array.from({ length: 3000 }, (_, index) => `b${index}`).join(" ");
    const started = performance.now();
    const parts = wordDiff(a, b);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(join(parts, ["same", "removed"])).toBe(a);
    expect(join(parts, ["same", "added"])).toBe(b);
  });
});

describe("condenseWordDiff", () => {
  it("cuts long unchanged stretches to a few words either side of each change", () => {
    const before = "one two three four five six seven eight nine ten OLD eleven twelve thirteen fourteen fifteen sixteen";
    const after = before.replace("OLD", "NEW");
    expect(condenseWordDiff(wordDiff(before, after), 3)).toEqual([
      { kind: "same", text: "… eight nine ten " },
      { kind: "removed", text: "OLD" },
      { kind: "added", text: "NEW" },
      { kind: "same", text: " eleven twelve thirteen …" },
    ]);
  });

  it("keeps a short stretch between two changes whole and cuts a long one in the middle", () => {
    const parts: WordDiffPart[] = [
      { kind: "removed", text: "x" },
      { kind: "same", text: " a b c d e f g h " },
      { kind: "added", text: "y" },
    ];
    expect(condenseWordDiff(parts, 2)[1]).toEqual({ kind: "same", text: " a b … g h " });
    expect(condenseWordDiff(parts, 4)[1]).toEqual({ kind: "same", text: " a b c d e f g h " });
  });

  it("leaves a text with no change as it is", () => {
    expect(condenseWordDiff([{ kind: "same", text: "nothing changed here at all" }], 1)).toEqual([
      { kind: "same", text: "nothing changed here at all" },
    ]);
  });
});
