import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { partners, siteContent, sponsorshipTiers } from "../../../db/schema";
import { z } from "~/lib/zod";
import { withLibraryPhotos } from "~/features/media/media.server";

const copyBlockSchema = z.object({ title: z.string().min(1), description: z.string().min(1) });
export type CopyBlock = z.infer<typeof copyBlockSchema>;

/** site_content "sponsorship": the copy around the tiers. */
const sponsorshipCopySchema = z.object({
  benefits: z.array(copyBlockSchema),
  valueStrip: z.array(copyBlockSchema),
  vipProgram: z.array(copyBlockSchema),
});

const partnerDetailsSchema = z.object({
  founded: z.number().int(),
  headquarters: z.string(),
  specialties: z.array(z.string()),
  products: z.array(z.string()),
});

async function getSponsorshipCopy(db: Database) {
  const [row] = await db.select({ value: siteContent.value }).from(siteContent).where(eq(siteContent.key, "sponsorship"));
  if (!row) throw new Error('site_content "sponsorship" is missing: has the database been seeded?');
  return sponsorshipCopySchema.parse(row.value);
}

/** Today in the UK, as the database sees it: partners' active dates are UK calendar days. */
const ukToday = sql`(now() at time zone 'Europe/London')::date`;

/** The partners the public site shows: not deleted, and within their active dates (inclusive). */
export async function getPartners(db: Database) {
  const rows = await db
    .select()
    .from(partners)
    .where(
      and(
        isNull(partners.deletedAt),
        or(isNull(partners.activeFrom), sql`${partners.activeFrom} <= ${ukToday}`),
        or(isNull(partners.activeUntil), sql`${partners.activeUntil} >= ${ukToday}`),
      ),
    )
    .orderBy(asc(partners.sortOrder), asc(partners.name));
  const withLogos = await withLibraryPhotos(db, rows, (row) => row.logoAssetId);
  return withLogos.map(({ id, name, category, description, website, logo, photo, details, tier }) => ({
    id,
    name,
    category,
    description,
    website,
    logo,
    /** The logo from the media library, shown instead of `logo` when chosen. */
    logoPhoto: photo,
    tier,
    details: partnerDetailsSchema.parse(details),
  }));
}

export type Partner = Awaited<ReturnType<typeof getPartners>>[number];

/** What the partners section (home and /partners) shows: the partners and the VIP programme. */
export async function getPartnersSection(db: Database) {
  const [partnerList, copy] = await Promise.all([getPartners(db), getSponsorshipCopy(db)]);
  return { partners: partnerList, vipProgram: copy.vipProgram };
}

export async function getSponsorshipPackages(db: Database) {
  const [tiers, copy] = await Promise.all([
    db.select().from(sponsorshipTiers).where(isNull(sponsorshipTiers.deletedAt)).orderBy(asc(sponsorshipTiers.sortOrder)),
    getSponsorshipCopy(db),
  ]);
  return {
    tiers: tiers.map(({ tier, pricePence, period, description, features }) => ({ tier, pricePence, period, description, features })),
    benefits: copy.benefits,
    valueStrip: copy.valueStrip,
  };
}

export type SponsorshipTier = Awaited<ReturnType<typeof getSponsorshipPackages>>["tiers"][number];
