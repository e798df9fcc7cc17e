import { formatCalendarDate } from "~/lib/dates";
import { formatPosition, type RacePosition } from "~/lib/scoring";

/** What a link preview is drawn at: the size Facebook, X, LinkedIn and WhatsApp all crop well. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The kinds of page that get a card of their own; the word is the URL's second segment. */
export const SHARE_CARD_KINDS = ["news", "product", "round", "driver", "member", "season"] as const;
export type ShareCardKind = (typeof SHARE_CARD_KINDS)[number];

export function isShareCardKind(value: string): value is ShareCardKind {
  return (SHARE_CARD_KINDS as readonly string[]).includes(value);
}

/** A big figure beside the title: a result ("P1"), a race number ("#7"), a price. */
export interface ShareCardFigure {
  value: string;
  label: string;
}

/**
 * Everything a card shows, and nothing else: its hash names the drawn file, so a change of
 * any of these draws a new one and nothing else does.
 */
export interface ShareCard {
  kind: ShareCardKind;
  /** The subject's key in its own URL (article slug, product slug, round id, driver id, member id, season year). */
  slug: string;
  /** The small line above the title: category and date, class, department. */
  eyebrow: string;
  title: string;
  /** One line under the title: circuit and date, role, price. */
  detail: string;
  figure: ShareCardFigure | null;
  /** A site path of the picture (a media library file or the site's art), or null. */
  picture: string | null;
  /** The picture's focal point, as CSS object-position. */
  pictureFocus: string;
  /** "contain" for a drawing that must be seen whole (a circuit map); photos and art fill the panel. */
  pictureFit: "cover" | "contain";
  /** What the card says, for og:image:alt. */
  alt: string;
  /**
   * The partners whose logos the card carries (those staff linked to the share-cards placement, in
   * the site's order, at most CARD_PARTNERS_MAX); left out when there are none, so a card without
   * partners keeps the address it had before cards carried them.
   */
  partners?: CardPartner[];
}

/** A partner on a card: its logo is a site path (the site's art or a media library file). */
export interface CardPartner {
  id: string;
  name: string;
  logo: string;
}

/** How many partners' logos a card has room for. */
export const CARD_PARTNERS_MAX = 3;

/** Where a card is served: the hash changes whenever what it shows changes, so the URL is immutable. */
export function shareCardPath(card: Pick<ShareCard, "kind" | "slug">, hash: string): string {
  return `/share/${card.kind}/${card.slug}-${hash}.png`;
}

const SHARE_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,199})-([0-9a-f]{16})\.png$/;

/** Reads "<slug>-<hash>.png"; null for anything else. */
export function parseShareFile(file: string): { slug: string; hash: string } | null {
  const match = SHARE_FILE.exec(file);
  return match ? { slug: match[1]!, hash: match[2]! } : null;
}

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Text cut to at most `max` characters (whole graphemes, so an emoji or an accent is never
 * split) at a word boundary when one is near, with an ellipsis. The layout clamps lines too;
 * this keeps a 300-character title from being laid out at all.
 */
export function clampText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const graphemes = Array.from(segmenter.segment(clean), (part) => part.segment);
  if (graphemes.length <= max) return clean;
  const cut = graphemes.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

export function articleCard(article: {
  id: string;
  title: string;
  category: string;
  publishedOn: string;
  picture: string | null;
  pictureFocus?: string;
  pictureAlt?: string;
}): ShareCard {
  const date = formatCalendarDate(article.publishedOn);
  return {
    kind: "news",
    slug: article.id,
    eyebrow: `${article.category} · ${date}`,
    title: article.title,
    detail: "",
    figure: null,
    picture: article.picture,
    pictureFocus: article.pictureFocus ?? "50% 50%",
    pictureFit: "cover",
    alt: `${article.title}. ${article.category}, ${date}.`,
  };
}

export function productCard(product: {
  slug: string;
  name: string;
  category: string;
  price: string;
  picture: string | null;
  pictureAlt?: string;
}): ShareCard {
  return {
    kind: "product",
    slug: product.slug,
    eyebrow: `Team store · ${product.category}`,
    title: product.name,
    detail: "",
    figure: { value: product.price, label: "" },
    picture: product.picture,
    pictureFocus: "50% 50%",
    pictureFit: "cover",
    alt: `${product.name}, ${product.price}, from the team store.`,
  };
}

export interface RoundForCard {
  id: string;
  seasonYear: number;
  roundNumber: number;
  name: string;
  circuit: string;
  startDate: string;
  endDate: string;
  layoutImage: string;
  results: ReadonlyArray<{
    driverName: string;
    driverNumber: number;
    racingClass: string;
    provisional: boolean;
    points: number;
    races: ReadonlyArray<{ position: RacePosition; points: number }>;
  }>;
}

export interface BestFinish {
  driverName: string;
  driverNumber: number;
  racingClass: string;
  position: number;
  raceIndex: number;
  raceCount: number;
}

/** The best race of the round by any of our drivers: the lowest classified position, the earlier race on a tie. */
export function bestFinish(round: Pick<RoundForCard, "results">): BestFinish | null {
  let best: BestFinish | null = null;
  for (const result of round.results) {
    for (const [raceIndex, race] of result.races.entries()) {
      if (typeof race.position !== "number") continue;
      if (best === null || race.position < best.position) {
        best = {
          driverName: result.driverName,
          driverNumber: result.driverNumber,
          racingClass: result.racingClass,
          position: race.position,
          raceIndex,
          raceCount: result.races.length,
        };
      }
    }
  }
  return best;
}

/** "1 March 2025" for one day, "1–2 March 2025" for a weekend. */
export function weekendDates(startDate: string, endDate: string): string {
  if (startDate === endDate) return formatCalendarDate(startDate);
  const start = formatCalendarDate(startDate);
  const end = formatCalendarDate(endDate);
  const [startDay, ...startRest] = start.split(" ");
  const [endDay, ...endRest] = end.split(" ");
  return startRest.join(" ") === endRest.join(" ") ? `${startDay}–${endDay} ${endRest.join(" ")}` : `${start} – ${end}`;
}

/**
 * A round's card. Once raced it leads with the best finish ("P1, Race 2, Snetterton"), the
 * picture the team posts on race day; before that it announces the weekend.
 */
export function roundCard(round: RoundForCard): ShareCard {
  const dates = weekendDates(round.startDate, round.endDate);
  const eyebrow = `${round.seasonYear} season · Round ${round.roundNumber}`;
  const best = bestFinish(round);
  if (best) {
    const race = best.raceCount > 1 ? `Race ${best.raceIndex + 1}` : "Race";
    const provisional = round.results.some((result) => result.provisional) ? " (provisional)" : "";
    const position = formatPosition(best.position);
    return {
      kind: "round",
      slug: round.id,
      eyebrow,
      title: best.driverName,
      detail: `${round.circuit} · #${best.driverNumber} · ${best.racingClass} · ${dates}${provisional}`,
      figure: { value: position, label: race },
      picture: round.layoutImage || null,
      pictureFocus: "50% 50%",
      pictureFit: "contain",
      alt: `${position}, ${race}, ${round.circuit}: ${best.driverName} (#${best.driverNumber}, ${best.racingClass}), ${round.name}, ${dates}.`,
    };
  }
  return {
    kind: "round",
    slug: round.id,
    eyebrow,
    title: round.name,
    detail: `${round.circuit} · ${dates}`,
    figure: { value: `R${round.roundNumber}`, label: "Round" },
    picture: round.layoutImage || null,
    pictureFocus: "50% 50%",
    pictureFit: "contain",
    alt: `Round ${round.roundNumber} of the ${round.seasonYear} season: ${round.name}, ${round.circuit}, ${dates}.`,
  };
}

export function driverCard(driver: {
  id: string;
  name: string;
  number: number;
  racingClass: string;
  seasonYear: number;
  seasonPoints: number;
  picture: string | null;
  pictureFocus?: string;
}): ShareCard {
  const points = `${driver.seasonPoints} ${driver.seasonPoints === 1 ? "point" : "points"}`;
  return {
    kind: "driver",
    slug: driver.id,
    eyebrow: `Driver · ${driver.racingClass}`,
    title: driver.name,
    detail: `${driver.seasonYear} season · ${points}`,
    figure: { value: `#${driver.number}`, label: "Car" },
    picture: driver.picture,
    pictureFocus: driver.pictureFocus ?? "50% 30%",
    pictureFit: "cover",
    alt: `${driver.name}, car #${driver.number}, ${driver.racingClass}: ${points} in ${driver.seasonYear}.`,
  };
}

export function memberCard(member: { id: number; name: string; role: string; department: string; picture: string | null }): ShareCard {
  return {
    kind: "member",
    slug: String(member.id),
    eyebrow: `Team · ${member.department}`,
    title: member.name,
    detail: member.role,
    figure: null,
    picture: member.picture,
    pictureFocus: "50% 30%",
    pictureFit: "cover",
    alt: `${member.name}, ${member.role}.`,
  };
}

export function seasonCard(season: {
  year: number;
  rounds: ReadonlyArray<Pick<RoundForCard, "startDate" | "endDate" | "circuit" | "results">>;
  /** Today as YYYY-MM-DD in the UK: which rounds are raced. */
  today: string;
}): ShareCard {
  const raced = season.rounds.filter((round) => round.endDate < season.today).length;
  const total = season.rounds.length;
  const next = season.rounds.find((round) => round.endDate >= season.today);
  const podiums = season.rounds.reduce(
    (sum, round) =>
      sum +
      round.results.reduce(
        (inner, result) => inner + result.races.filter((race) => typeof race.position === "number" && race.position <= 3).length,
        0,
      ),
    0,
  );
  const detail = next
    ? `Next: ${next.circuit}, ${weekendDates(next.startDate, next.endDate)}`
    : `Season complete · ${podiums} ${podiums === 1 ? "podium" : "podiums"}`;
  return {
    kind: "season",
    slug: String(season.year),
    eyebrow: `Race calendar · ${total} ${total === 1 ? "round" : "rounds"}`,
    title: `The ${season.year} season`,
    detail,
    figure: { value: `${raced}/${total}`, label: "Rounds raced" },
    picture: "/media/cars.svg",
    pictureFocus: "50% 50%",
    pictureFit: "cover",
    alt: `The ${season.year} race calendar: ${raced} of ${total} rounds raced. ${detail}.`,
  };
}
