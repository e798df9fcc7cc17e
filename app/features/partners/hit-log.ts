import { countsAsView, parseImpressions } from "./placements";

/*
 * nginx's log of the pages its cache served without asking the app (deploy/nginx/page-cache.conf,
 * ADR 0130): one line a hit, tab-separated: $msec, method, status, X-Partner-Impressions, user
 * agent, Sec-Purpose, Purpose (escape=json: a tab inside a value is written as \t).
 */

/** The impressions one log line counts: none for a crawler, a prefetch, anything but a GET answered 200, or a line cut short. */
export function impressionsOfHitLine(line: string): Array<[placementId: string, partnerId: string]> {
  const fields = line.split("\t");
  if (fields.length !== 7) return [];
  const [, method, status, impressions, userAgent, secPurpose, purpose] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (method !== "GET" || status !== "200") return [];
  const headers: Record<string, string> = { "user-agent": unescape(userAgent), "sec-purpose": secPurpose, purpose };
  if (!countsAsView((name) => headers[name])) return [];
  return parseImpressions(impressions);
}

function unescape(value: string): string {
  return value.replace(/\\(["\\/])/g, "$1");
}

/** Splits what was read at an offset into whole lines and how many bytes they took (a half-written last line waits). */
export function wholeLines(chunk: Buffer): { lines: string[]; bytes: number } {
  const end = chunk.lastIndexOf(0x0a);
  if (end < 0) return { lines: [], bytes: 0 };
  return {
    lines: chunk
      .subarray(0, end)
      .toString("utf8")
      .split("\n")
      .filter((line) => line.length > 0),
    bytes: end + 1,
  };
}
