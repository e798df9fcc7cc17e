import { formatPence } from "~/lib/money";
import type { PushContent } from "./push-content";

/*
 * The message a fan's browser receives (issue 40): one JSON shape that is both WebKit's
 * Declarative Web Push (`"web_push": 8030`: Safari shows it with no service worker, and never
 * counts it as a push that showed nothing) and what our service worker's `push` handler reads to
 * show the same notification in every other browser. Every push shows a notification; a fan whose
 * spoiler-free mode is on for the round gets the teaser ("Race 2's result is in"): no positions,
 * no names. Pure: the sender and the service worker share it.
 */

export const DECLARATIVE_PUSH_MAGIC = 8030;

export interface PushNotification {
  title: string;
  body: string;
  /** Where a tap on it goes (absolute, on the site). */
  navigate: string;
  /** A newer notification with the same tag replaces this one on the device. */
  tag: string;
  lang: "en-GB";
  dir: "ltr";
  silent: false;
}

export interface DeclarativePushMessage {
  web_push: typeof DECLARATIVE_PUSH_MAGIC;
  notification: PushNotification;
}

/** The subscription's side of a message: whom it follows and its copy of spoiler-free mode. */
export interface Recipient {
  driverIds: readonly string[];
  spoilerFree: { until: Date; revealedRoundIds: readonly string[] } | null;
}

/** Push services take 4,096 bytes of encrypted message; the text stays well inside. */
const MAX_TITLE = 90;
const MAX_BODY = 220;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Whether the fan's spoiler-free mode hides this round (or, for a round-less report, is on at all). */
function spoilerFreeFor(recipient: Recipient, roundId: string | null, now: Date): boolean {
  const mode = recipient.spoilerFree;
  if (!mode || mode.until.getTime() <= now.getTime()) return false;
  return roundId === null || !mode.revealedRoundIds.includes(roundId);
}

/** "Race 2's result is in": whether this fan gets the teaser instead of the result. */
export function getsTeaser(content: PushContent, recipient: Recipient, now: Date): boolean {
  if (content.kind === "result") return spoilerFreeFor(recipient, content.roundId, now);
  // A report's title and text may give the result away, and it names no round.
  if (content.kind === "report") return spoilerFreeFor(recipient, null, now);
  return false;
}

/** The round's page, the article, the product: where the notification leads. */
export function pushPath(content: PushContent): string {
  switch (content.kind) {
    case "session":
    case "result":
      return `/calendar/${encodeURIComponent(content.roundId)}`;
    case "report":
      return `/news/${encodeURIComponent(content.slug)}`;
    case "drop":
      return `/store/${encodeURIComponent(content.slug)}`;
  }
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function text(content: PushContent, recipient: Recipient, now: Date): { title: string; body: string } {
  const followed = (id: string) => recipient.driverIds.length === 0 || recipient.driverIds.includes(id);
  switch (content.kind) {
    case "session": {
      const out = content.drivers.filter((driver) => followed(driver.id)).map((driver) => driver.name);
      const who = out.length === 0 ? "" : ` ${listNames(out)} ${out.length === 1 ? "is" : "are"} out.`;
      return {
        title: `${content.sessionName} starts at ${content.startsAt}`,
        body: `Round ${content.roundNumber}, ${content.roundName}: 15 minutes to go.${who}`,
      };
    }
    case "result": {
      if (getsTeaser(content, recipient, now)) {
        return {
          title: `${content.sessionName}'s result is in`,
          body: `Round ${content.roundNumber}, ${content.roundName}. Spoiler-free mode is on: open it when you're ready.`,
        };
      }
      const word = content.revised ? "revised" : content.status;
      const placings = content.placings.filter((placing) => followed(placing.driverId));
      return {
        title: `${content.sessionName}: ${word} result`,
        body: `${placings.map((placing) => `${placing.name} ${placing.placing}`).join(", ")} · ${content.roundName}`,
      };
    }
    case "report":
      if (getsTeaser(content, recipient, now)) {
        return { title: "A new race report is up", body: "Spoiler-free mode is on, so we'll say no more: open it when you're ready." };
      }
      return { title: `Race report: ${content.title}`, body: content.excerpt };
    case "drop": {
      const price =
        content.event === "sale" && content.originalPricePence !== null
          ? `Now ${formatPence(content.pricePence)} (was ${formatPence(content.originalPricePence)}).`
          : `${formatPence(content.pricePence)}.`;
      return {
        title: content.event === "sale" ? `On sale: ${content.name}` : `New in the shop: ${content.name}`,
        body: price,
      };
    }
  }
}

/** The message for one fan, as JSON text (what is encrypted and sent). */
export function pushMessageFor(
  content: PushContent,
  recipient: Recipient,
  options: { publicUrl: string; collapseKey: string; now: Date },
): DeclarativePushMessage {
  const { title, body } = text(content, recipient, options.now);
  return {
    web_push: DECLARATIVE_PUSH_MAGIC,
    notification: {
      title: clip(title, MAX_TITLE),
      body: clip(body, MAX_BODY),
      navigate: new URL(pushPath(content), options.publicUrl).toString(),
      tag: options.collapseKey,
      lang: "en-GB",
      dir: "ltr",
      silent: false,
    },
  };
}

/** What the service worker shows for a message: the notification in it, or, for anything else, a plain one (every push shows one). */
export function notificationToShow(data: string | null, origin: string): { title: string; body: string; tag?: string; navigate: string } {
  const fallback = { title: "Ridgeway Racing", body: "There's news from the team.", navigate: `${origin}/` };
  if (!data) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return fallback;
  }
  const notification = (parsed as { notification?: Record<string, unknown> } | null)?.notification;
  if (!notification || typeof notification.title !== "string" || !notification.title) return fallback;
  return {
    title: notification.title,
    body: typeof notification.body === "string" ? notification.body : "",
    tag: typeof notification.tag === "string" && notification.tag ? notification.tag : undefined,
    navigate: sameOriginUrl(notification.navigate, origin),
  };
}

/** A notification's link, kept on the site: anything else (or nothing) opens the home page. */
export function sameOriginUrl(value: unknown, origin: string): string {
  if (typeof value !== "string") return `${origin}/`;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.toString() : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
