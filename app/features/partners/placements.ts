import { isbot } from "isbot";
import { groupThousands } from "~/lib/money";

/*
 * Where a partner appears (issue 41). A placement id is a short slug safe in a path segment:
 * the site's fixed places, and one per e-mail kind, newsletter issue, round (the car's livery
 * photo) and podcast episode.
 */

export const FIXED_PLACEMENTS = {
  home: "Home page partners strip",
  "partners-page": "Partners page",
  "packages-page": "Partner packages page",
  "share-cards": "Share cards (link previews)",
} as const;

export type FixedPlacement = keyof typeof FIXED_PLACEMENTS;

/** The e-mail kinds that carry the partners strip when a partner is linked to them. */
export const EMAIL_PLACEMENTS = {
  "email-order-confirmation": "E-mail: order confirmation",
  "email-order-shipped": "E-mail: order shipped",
} as const;

/** Placements made per thing: `<prefix><id>`. */
export const PLACEMENT_PREFIXES = {
  "newsletter-": "Newsletter issue",
  "livery-": "Car livery photo, round",
  "podcast-": "Podcast read, episode",
} as const;

export type PlacementPrefix = keyof typeof PLACEMENT_PREFIXES;

/** The metrics counted per partner, placement and day. */
/** In the order reports show them: "seen" beside served impressions. */
export const METRICS = ["impression", "seen", "click", "delivered", "card-fetch"] as const;
export type Metric = (typeof METRICS)[number];

export const METRIC_LABELS: Record<Metric, string> = {
  impression: "Served impressions",
  click: "Clicks",
  delivered: "E-mail copies delivered",
  "card-fetch": "Share-card fetches by crawlers",
  seen: "Seen (half on screen for 1 s)",
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const THING_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/** Whether a string has a placement's shape (a fixed one, an e-mail kind, or a prefix with an id); existence is checked elsewhere. */
export function placementShape(
  id: string,
): { kind: "fixed" | "email" } | { kind: "thing"; prefix: PlacementPrefix; thingId: string } | null {
  if (id in FIXED_PLACEMENTS) return { kind: "fixed" };
  if (id in EMAIL_PLACEMENTS) return { kind: "email" };
  for (const prefix of Object.keys(PLACEMENT_PREFIXES) as PlacementPrefix[]) {
    if (id.startsWith(prefix)) {
      const thingId = id.slice(prefix.length);
      return THING_ID.test(thingId) ? { kind: "thing", prefix, thingId } : null;
    }
  }
  return null;
}

export function isPartnerSlug(value: string): boolean {
  return SLUG.test(value);
}

/** A placement's name for people. */
export function placementLabel(id: string, thingNames: Record<string, string> = {}): string {
  if (id in FIXED_PLACEMENTS) return FIXED_PLACEMENTS[id as FixedPlacement];
  if (id in EMAIL_PLACEMENTS) return EMAIL_PLACEMENTS[id as keyof typeof EMAIL_PLACEMENTS];
  const shape = placementShape(id);
  if (shape?.kind === "thing") return `${PLACEMENT_PREFIXES[shape.prefix]}: ${thingNames[id] ?? shape.thingId}`;
  return id;
}

/**
 * The response header a render names the partners it showed in (`placement/partner` pairs, space
 * separated). The server counts from it, on a render and on every page-cache hit, and never sends it.
 */
export const IMPRESSIONS_HEADER = "x-partner-impressions";

export function impressionsHeader(pairs: ReadonlyArray<readonly [placementId: string, partnerId: string]>): string {
  return pairs.map(([placement, partner]) => `${placement}/${partner}`).join(" ");
}

/** A cached page sends the same header on every hit: its pairs are parsed once. */
const parsedHeaders = new Map<string, Array<[string, string]>>();
const botAgents = new Map<string, boolean>();
const MEMO_SIZE = 1_000;

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
  return value;
}

export function parseImpressions(header: string | null | undefined): Array<[placementId: string, partnerId: string]> {
  if (!header) return [];
  return parsedHeaders.get(header) ?? remember(parsedHeaders, header, parseImpressionsOnce(header));
}

function parseImpressionsOnce(header: string): Array<[placementId: string, partnerId: string]> {
  const pairs: Array<[string, string]> = [];
  for (const token of header.split(/\s+/)) {
    const [placement, partner, extra] = token.split("/");
    if (placement && partner && extra === undefined && placementShape(placement) && isPartnerSlug(partner))
      pairs.push([placement, partner]);
  }
  return pairs;
}

/** A browser fetching ahead of a click (Sec-Purpose: prefetch, or the older Purpose/X-Purpose/X-Moz). */
export function isPrefetch(header: (name: string) => string | null | undefined): boolean {
  return ["sec-purpose", "purpose", "x-purpose", "x-moz"].some((name) => /prefetch|prerender|preview/i.test(header(name) ?? ""));
}

/** Whether a request to a page counts as an impression: a person's browser, not a crawler, not a prefetch. */
export function countsAsView(header: (name: string) => string | null | undefined): boolean {
  const userAgent = header("user-agent") ?? "";
  if (userAgent === "" || isPrefetch(header)) return false;
  // Most requests come from a few browsers' agents: isbot's long pattern runs once for each.
  const bot = botAgents.get(userAgent) ?? remember(botAgents, userAgent, isbot(userAgent));
  return !bot;
}

/**
 * The platforms whose crawlers fetch a page's share card to draw a link preview, by the token each
 * puts in its user agent. Search engines, monitors and scrapers are not here: a card fetched by
 * them is no preview that someone saw. iMessage and Threads fetch as Facebook does; Signal as
 * WhatsApp does.
 */
const PREVIEW_CRAWLERS: ReadonlyArray<readonly [platform: string, token: RegExp]> = [
  ["Facebook", /facebookexternalhit|\bFacebot\b/i],
  // Before X: Telegram's agent says it is "like TwitterBot".
  ["Telegram", /\bTelegramBot\b/i],
  ["X", /\bTwitterbot\b/i],
  ["LinkedIn", /\bLinkedInBot\b/i],
  ["Slack", /\bSlackbot-LinkExpanding\b|\bSlack-ImgProxy\b/i],
  ["WhatsApp", /\bWhatsApp\//i],
  ["Discord", /\bDiscordbot\b/i],
  ["Microsoft Teams and Skype", /\bSkypeUriPreview\b/i],
  ["Pinterest", /\bPinterest(?:bot)?\//i],
  ["Reddit", /\bredditbot\b/i],
  ["Bluesky", /\bCardyb\b/i],
  ["Mastodon", /\bMastodon\/\d/i],
  ["Snapchat", /\bSnap URL Preview Service\b/i],
  ["KakaoTalk", /\bkakaotalk-scrap\b/i],
  ["VK", /\bvkShare\b/i],
];

/** The platform whose link-preview crawler sent this user agent, or null for anyone else. */
export function previewCrawler(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  for (const [platform, token] of PREVIEW_CRAWLERS) if (token.test(userAgent)) return platform;
  return null;
}

/** The threshold under which a count is shown only as "fewer than 10". */
export const SMALL_COUNT = 10;

export function displayCount(count: number): string {
  // Grouped by hand: a report prints hundreds of counts, and toLocaleString builds a formatter for each.
  return count < SMALL_COUNT ? "fewer than 10" : groupThousands(count);
}

/** The partner's own address with UTM parameters naming the team and the placement, kept if already there. */
export function withUtm(website: string, placementId: string, source = "ridgeway-racing"): string | null {
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const medium = placementId.startsWith("email-") || placementId.startsWith("newsletter-") ? "email" : "referral";
  if (!url.searchParams.has("utm_source")) url.searchParams.set("utm_source", source);
  if (!url.searchParams.has("utm_medium")) url.searchParams.set("utm_medium", medium);
  if (!url.searchParams.has("utm_campaign")) url.searchParams.set("utm_campaign", "partnership");
  if (!url.searchParams.has("utm_content")) url.searchParams.set("utm_content", placementId);
  return url.toString();
}

/** A partner as a page shows it at a placement: `seenKey` ("<placement>/<partner>") when the pair is counted there. */
export type Placed<P> = P & { seenKey?: string };

/** The first-party address a click goes through. */
export function redirectPath(partnerId: string, placementId: string): string {
  return `/go/${partnerId}/${placementId}`;
}

/** The (partner, placement) pairs an e-mail's HTML links to through the redirect: what a delivered copy counts for. */
export function mentionsIn(html: string | null | undefined): Array<[partnerId: string, placementId: string]> {
  if (!html) return [];
  const seen = new Set<string>();
  const pairs: Array<[string, string]> = [];
  for (const match of html.matchAll(/href="[^"]*?\/go\/([a-z0-9-]+)\/([A-Za-z0-9_-]+)[?"]/g)) {
    const [, partner, placement] = match;
    const key = `${partner}/${placement}`;
    if (!partner || !placement || seen.has(key) || !placementShape(placement)) continue;
    seen.add(key);
    pairs.push([partner, placement]);
  }
  return pairs;
}
