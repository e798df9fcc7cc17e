import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { newsletterIssues, partnerPlacements, partners, podcastEpisodes, rounds } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { EMAIL_PLACEMENTS, FIXED_PLACEMENTS, isPartnerSlug, placementShape, redirectPath, withUtm, type Placed } from "./placements";

export interface PlacementOption {
  id: string;
  label: string;
  group: "Site" | "E-mail" | "Newsletter" | "Livery" | "Podcast";
}

/** Every placement staff may link a partner to: the fixed ones, each e-mail kind, newsletter issue, round and episode. */
export async function listPlacements(db: Database): Promise<PlacementOption[]> {
  const [issues, roundRows, episodes] = await Promise.all([
    db
      .select({ id: newsletterIssues.id, subject: newsletterIssues.subject })
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.createdAt))
      .limit(50),
    db
      .select({ id: rounds.id, name: rounds.name, seasonYear: rounds.seasonYear, roundNumber: rounds.roundNumber })
      .from(rounds)
      .orderBy(desc(rounds.seasonYear), asc(rounds.roundNumber)),
    db
      .select({ id: podcastEpisodes.id, title: podcastEpisodes.title })
      .from(podcastEpisodes)
      .where(isNull(podcastEpisodes.deletedAt))
      .orderBy(desc(podcastEpisodes.publishedOn))
      .limit(50),
  ]);
  return [
    ...Object.entries(FIXED_PLACEMENTS).map(([id, label]) => ({ id, label, group: "Site" as const })),
    ...Object.entries(EMAIL_PLACEMENTS).map(([id, label]) => ({ id, label, group: "E-mail" as const })),
    ...issues.map((issue) => ({ id: `newsletter-${issue.id}`, label: `Newsletter: ${issue.subject}`, group: "Newsletter" as const })),
    ...roundRows.map((round) => ({
      id: `livery-${round.id}`,
      label: `Livery photo: ${round.seasonYear} round ${round.roundNumber}, ${round.name}`,
      group: "Livery" as const,
    })),
    ...episodes.map((episode) => ({ id: `podcast-${episode.id}`, label: `Podcast read: ${episode.title}`, group: "Podcast" as const })),
  ];
}

/** Whether a placement id names something that exists. */
export async function placementExists(db: Pick<Database, "select">, id: string): Promise<boolean> {
  const shape = placementShape(id);
  if (!shape) return false;
  if (shape.kind !== "thing") return true;
  const { prefix, thingId } = shape;
  if (prefix === "livery-") return (await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, thingId)).limit(1)).length > 0;
  if (prefix === "podcast-") {
    return (await db.select({ id: podcastEpisodes.id }).from(podcastEpisodes).where(eq(podcastEpisodes.id, thingId)).limit(1)).length > 0;
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(thingId)) return false;
  return (await db.select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.id, thingId)).limit(1)).length > 0;
}

/** The partners an e-mail of this placement thanks, each linking through /go/. */
export async function emailPartners(db: Pick<Database, "select">, publicUrl: string, placementId: string) {
  const list = await partnersAt(db, placementId);
  return list.map((partner) => ({ name: partner.name, href: `${publicUrl}${redirectPath(partner.id, placementId)}` }));
}

/** The partners linked to a placement that the public site shows (not deleted), in the site's order. */
export async function partnersAt(db: Pick<Database, "select">, placementId: string) {
  return db
    .select({ id: partners.id, name: partners.name, website: partners.website, logo: partners.logo })
    .from(partnerPlacements)
    .innerJoin(partners, eq(partners.id, partnerPlacements.partnerId))
    .where(and(eq(partnerPlacements.placementId, placementId), isNull(partners.deletedAt)))
    .orderBy(asc(partners.sortOrder), asc(partners.name));
}

/**
 * A loader's record that this render showed these partners at this placement: the server counts
 * them on this request and on every page-cache hit of the page (ADR 0130). Only partners staff
 * linked to the placement are counted.
 */
export function showPartners(
  context: Pick<RequestContext, "partnerImpressions">,
  placementId: string,
  shown: ReadonlyArray<{ id: string }>,
) {
  if (shown.length === 0) return;
  context.partnerImpressions ??= [];
  for (const partner of shown) context.partnerImpressions.push([placementId, partner.id]);
}

/**
 * Where /go/<partner>/<placement> sends a visitor: the partner's own website with UTM
 * parameters, and only for a partner linked to that placement; null otherwise (a 404). The
 * address comes from the database alone, so the redirect can never be made to point elsewhere.
 */
export async function redirectTarget(db: Database, partnerId: string, placementId: string): Promise<string | null> {
  if (!isPartnerSlug(partnerId) || !placementShape(placementId)) return null;
  const [row] = await db
    .select({ website: partners.website })
    .from(partnerPlacements)
    .innerJoin(partners, eq(partners.id, partnerPlacements.partnerId))
    .where(and(eq(partnerPlacements.partnerId, partnerId), eq(partnerPlacements.placementId, placementId), isNull(partners.deletedAt)))
    .limit(1);
  return row ? withUtm(row.website, placementId) : null;
}

/**
 * The partners a page shows at a placement, with the ones staff linked to it counted for this
 * render, their website links sent through /go/<partner>/<placement> (so a click counts and
 * arrives with UTM parameters) and their mark's key for the optional seen count (ADR 0145).
 * Partners not linked are shown as they are and not counted.
 */
export async function placePartners<P extends { id: string; website: string }>(
  context: Pick<RequestContext, "db" | "publicUrl" | "partnerImpressions">,
  placementId: string,
  shown: readonly P[],
): Promise<Array<Placed<P>>> {
  if (shown.length === 0) return [];
  const rows = await context.db
    .select({ partnerId: partnerPlacements.partnerId })
    .from(partnerPlacements)
    .where(eq(partnerPlacements.placementId, placementId));
  const linked = new Set(rows.map((row) => row.partnerId));
  showPartners(
    context,
    placementId,
    shown.filter((partner) => linked.has(partner.id)),
  );
  return shown.map((partner) =>
    linked.has(partner.id)
      ? { ...partner, website: `${context.publicUrl}${redirectPath(partner.id, placementId)}`, seenKey: `${placementId}/${partner.id}` }
      : partner,
  );
}
