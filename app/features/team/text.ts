/** Splits stored prose into paragraphs on blank lines, dropping empty ones. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

const HONORIFICS = new Set(["dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "dame"]);

/** "Dr Helen Carver" → "Helen": the name a page can greet someone by. */
export function firstName(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  const given = words.find((word) => !HONORIFICS.has(word.replace(/\.$/, "").toLowerCase()));
  return given ?? words[0] ?? fullName;
}
