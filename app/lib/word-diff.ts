/**
 * What changed between two texts, word by word: the activity log and History show an edit as
 * the words taken out and put in, with a little of the unchanged text around each, instead of
 * both versions in full (or both cut at the same length, which hides a change near the end).
 *
 * A longest-common-subsequence diff over words and the spaces between them. The common start
 * and end are set aside first, so the usual edit (a few words somewhere in a long text) costs
 * little; a middle too large to compare word by word is shown as one removal and one addition.
 */

export type WordDiffPart = { kind: "same" | "removed" | "added"; text: string };

/** Words and the whitespace runs between them, each a token, so joining them gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Above this many cells (middle tokens before × after), the middle is not compared word by word. */
const MAX_TABLE_CELLS = 4_000_000;

function push(parts: WordDiffPart[], kind: WordDiffPart["kind"], text: string) {
  if (text === "") return;
  const last = parts.at(-1);
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts that turn `before` into `after`, in order: unchanged text, removed and added runs. */
export function wordDiff(before: string, after: string): WordDiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: WordDiffPart[] = [];
  push(parts, "same", a.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_TABLE_CELLS) {
    push(parts, "removed", midA.join(""));
    push(parts, "added", midB.join(""));
  } else {
    for (const part of lcsParts(midA, midB)) push(parts, part.kind, part.text);
  }
  push(parts, "same", a.slice(endA).join(""));
  return parts;
}

function lcsParts(a: string[], b: string[]): WordDiffPart[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: WordDiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, "same", a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      push(parts, "removed", a[i]!);
      i += 1;
    } else {
      push(parts, "added", b[j]!);
      j += 1;
    }
  }
  push(parts, "removed", a.slice(i).join(""));
  push(parts, "added", b.slice(j).join(""));
  return tidy(parts);
}

/**
 * A lone space kept "same" between two changed runs splits one edit into two ("old words" →
 * "new words" reads as removed "old", same " ", removed "words"...): fold it into the runs.
 */
function tidy(parts: WordDiffPart[]): WordDiffPart[] {
  const result: WordDiffPart[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    const previous = result.at(-1);
    const next = parts[index + 1];
    if (part.kind === "same" && /^\s+$/.test(part.text) && previous && previous.kind !== "same" && next && next.kind !== "same") {
      push(result, "removed", part.text);
      push(result, "added", part.text);
      continue;
    }
    push(result, part.kind, part.text);
  }
  // Group each changed stretch as all its removals, then all its additions.
  const grouped: WordDiffPart[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    push(grouped, "removed", removed);
    push(grouped, "added", added);
    removed = "";
    added = "";
  };
  for (const part of result) {
    if (part.kind === "removed") removed += part.text;
    else if (part.kind === "added") added += part.text;
    else {
      flush();
      push(grouped, "same", part.text);
    }
  }
  flush();
  return grouped;
}

/** Up to `count` words from the start of `from`, with the spaces between them. */
function takeWords(from: readonly string[], count: number): string[] {
  const taken: string[] = [];
  let seen = 0;
  for (const token of from) {
    if (!/^\s+$/.test(token)) {
      if (seen === count) break;
      seen += 1;
    }
    taken.push(token);
  }
  return taken;
}

/**
 * The diff with long unchanged stretches cut down to `context` words either side of a change
 * ("…" where text was left out), so a one-word edit in a long body reads in a line.
 */
export function condenseWordDiff(parts: readonly WordDiffPart[], context = 6): WordDiffPart[] {
  return parts.map((part, index) => {
    const first = index === 0;
    const last = index === parts.length - 1;
    if (part.kind !== "same" || (first && last)) return part;
    const words = tokens(part.text);
    const wordCount = words.filter((token) => !/^\s+$/.test(token)).length;
    if (wordCount <= (first || last ? context : 2 * context)) return part;
    const head = takeWords(words, context).join("").trimEnd();
    const tail = takeWords([...words].reverse(), context)
      .reverse()
      .join("")
      .trimStart();
    if (first) return { kind: "same", text: `… ${tail}` };
    if (last) return { kind: "same", text: `${head} …` };
    return { kind: "same", text: `${head} … ${tail}` };
  });
}
