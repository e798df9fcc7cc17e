import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { partnerPlacements, rounds } from "../../../db/schema";
import { getSeason, type Season } from "~/features/calendar/season.server";
import { focalObjectPosition, mediaFileUrl, type PictureImage } from "~/features/media/media";
import { getArticle, type NewsArticle } from "~/features/news/news.server";
import { shareVariant } from "~/features/news/news-image";
import { getProductBySlug, type StoreProduct } from "~/features/shop/store/catalogue.server";
import { categoryFilters } from "~/features/shop/store/catalogue";
import { driverCard as driverCarouselCard, getDriversForLatestSeason, type DriverCard } from "~/features/team/drivers.server";
import { getTeamMember, type TeamMember } from "~/features/team/members.server";
import { getPartners } from "~/features/partners/partners.server";
import { ukIsoDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import type { ShareImage } from "~/features/news/news-image";
import {
  CARD_PARTNERS_MAX,
  articleCard,
  driverCard,
  memberCard,
  productCard,
  roundCard,
  seasonCard,
  SHARE_CARD_SIZE,
  shareCardPath,
  type CardPartner,
  type ShareCard,
  type ShareCardKind,
} from "./share-card";

/**
 * Bumped when the layout changes (app/features/share-cards/layout.ts), so every card gets a new
 * URL and is drawn again: the old files are cached for a year wherever they were fetched.
 */
const LAYOUT_VERSION = 1;

/** The card's file name hash: what it shows, and the layout it is drawn with. */
export function shareCardHash(card: ShareCard): string {
  return createHash("sha256")
    .update(JSON.stringify([LAYOUT_VERSION, card]))
    .digest("hex")
    .slice(0, 16);
}

/** The card, with the partners it carries, as a page's share image: its immutable URL, size and alt text. */
export async function shareCardImage(db: Database, subjectCard: ShareCard): Promise<ShareImage> {
  const card = await withCardPartners(db, subjectCard);
  return { path: shareCardPath(card, shareCardHash(card)), ...SHARE_CARD_SIZE, alt: card.alt };
}

/** A library photo's file for a card (a WebP about as wide as the card), else the site's art. */
function picturePath(photo: PictureImage | null | undefined, fallback: string | null): { picture: string | null; pictureFocus?: string } {
  if (photo?.kind === "upload") {
    const variant = shareVariant(photo.variants);
    if (variant) return { picture: mediaFileUrl(variant.key), pictureFocus: focalObjectPosition(photo.focalX, photo.focalY) };
  }
  return { picture: fallback || null };
}

export function articleShareCard(article: Pick<NewsArticle, "id" | "title" | "category" | "publishedOn" | "hero">): ShareCard {
  const { hero } = article;
  const picture =
    hero.kind === "photo"
      ? picturePath(hero.picture, null)
      : hero.kind === "art"
        ? { picture: hero.src, pictureFocus: hero.objectPosition }
        : { picture: null };
  return articleCard({ ...article, ...picture });
}

export function productShareCard(product: Pick<StoreProduct, "slug" | "name" | "category" | "pricePence" | "image">): ShareCard {
  const category = categoryFilters.find((filter) => filter.value === product.category)?.label ?? product.category;
  return productCard({
    slug: product.slug,
    name: product.name,
    category,
    price: formatPence(product.pricePence),
    picture: product.image || null,
  });
}

export function driverShareCard(
  driver: Pick<DriverCard, "id" | "name" | "number" | "racingClass" | "image" | "photo" | "seasonPoints">,
  seasonYear: number,
): ShareCard {
  return driverCard({ ...driver, seasonYear, ...picturePath(driver.photo, driver.image) });
}

export function memberShareCard(member: Pick<TeamMember, "id" | "name" | "role" | "department" | "image" | "photo">): ShareCard {
  return memberCard({ ...member, ...picturePath(member.photo, member.image) });
}

/** Today in the UK as YYYY-MM-DD: a round is raced once its last day has passed there. */
export function ukToday(now: Date): string {
  return ukIsoDate(now);
}

export function seasonShareCard(season: Pick<Season, "year" | "rounds">, now: Date): ShareCard {
  return seasonCard({ year: season.year, rounds: season.rounds, today: ukToday(now) });
}

export function roundShareCard(season: Pick<Season, "year" | "rounds">, roundId: string): ShareCard | null {
  const round = season.rounds.find((candidate) => candidate.id === roundId);
  return round ? roundCard(round) : null;
}

/**
 * The partners a card carries: those the public site shows now that staff linked to the
 * share-cards placement (issue 41), in the site's order, their library logo when they have one.
 */
export async function shareCardPartners(db: Database): Promise<CardPartner[]> {
  const [shown, linked] = await Promise.all([
    getPartners(db),
    db.select({ partnerId: partnerPlacements.partnerId }).from(partnerPlacements).where(eq(partnerPlacements.placementId, "share-cards")),
  ]);
  const linkedIds = new Set(linked.map((row) => row.partnerId));
  return shown
    .filter((partner) => linkedIds.has(partner.id))
    .slice(0, CARD_PARTNERS_MAX)
    .map((partner) => ({ id: partner.id, name: partner.name, logo: picturePath(partner.logoPhoto, partner.logo).picture ?? partner.logo }));
}

/** The card with the partners it carries: every card is built through this, so a page and its card file agree. */
export async function withCardPartners(db: Database, card: ShareCard): Promise<ShareCard> {
  const partners = await shareCardPartners(db);
  return partners.length > 0 ? { ...card, partners } : card;
}

/**
 * The card a /share/<kind>/<slug>-<hash>.png URL names, built from the same data as the page
 * it belongs to, with its partners; null when there is no such public subject.
 */
export async function findShareCard(db: Database, kind: ShareCardKind, slug: string, now: Date): Promise<ShareCard | null> {
  const card = await findSubjectCard(db, kind, slug, now);
  return card ? withCardPartners(db, card) : null;
}

async function findSubjectCard(db: Database, kind: ShareCardKind, slug: string, now: Date): Promise<ShareCard | null> {
  switch (kind) {
    case "news": {
      const lookup = await getArticle(db, slug);
      return lookup.found === "article" ? articleShareCard(lookup.article) : null;
    }
    case "product": {
      const product = await getProductBySlug(db, slug);
      return product ? productShareCard(product) : null;
    }
    case "driver": {
      const { seasonYear, drivers } = await getDriversForLatestSeason(db);
      const driver = drivers.find((candidate) => candidate.id === slug);
      return driver ? driverShareCard(driverCarouselCard(driver), seasonYear) : null;
    }
    case "member": {
      const member = /^\d{1,9}$/.test(slug) ? await getTeamMember(db, Number(slug)) : null;
      return member ? memberShareCard(member) : null;
    }
    case "season": {
      const season = /^\d{4}$/.test(slug) ? await getSeason(db, Number(slug)) : null;
      return season ? seasonShareCard(season, now) : null;
    }
    case "round": {
      const [round] = await db.select({ seasonYear: rounds.seasonYear }).from(rounds).where(eq(rounds.id, slug));
      // getSeason answers published seasons only: a round of a draft season has no card.
      const season = round ? await getSeason(db, round.seasonYear) : null;
      return season ? roundShareCard(season, slug) : null;
    }
  }
}
