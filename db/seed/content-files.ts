/** The shapes of the files in content/ (see content/README.md), checked as they are loaded. */
import { z } from "zod";
import { scoringRulesSchema } from "../../app/lib/scoring-rules";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../app/features/shop/shop-desk/stock-level";

const isoDate = z.iso.date();
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
const mediaPath = z.string().regex(/^\/media\/[\w/.-]+\.(svg|webp|png|jpg|mp4|webm)$/, "must be a /media/ path");
const url = z.url();
const paragraphs = z.string().min(1);
const racePosition = z.union([z.number().int().min(1), z.enum(["DNS", "DNF", "DSQ", "NC"])]);

export const seasonFile = z.object({
  year: z.number().int().min(2000).max(2100),
  /** Each class's scoring rules for the season: seeded as version 1 of scoring_rules. */
  scoringRules: z.record(z.string(), scoringRulesSchema),
  rounds: z.array(
    z.object({
      id: z.string().regex(/^[\w-]+$/),
      round: z.number().int().min(1),
      name: z.string().min(1),
      circuit: z.string().min(1),
      circuitSlug: z.string().regex(/^[a-z0-9-]+$/),
      location: z.string().min(1),
      organizer: z.string().min(1),
      startDate: isoDate,
      endDate: isoDate,
      flagCode: z.string().min(2),
      circuitUrl: url,
      layoutImage: mediaPath,
      circuitInfo: z.object({ lengthMiles: z.number().positive(), turns: z.number().int().positive() }),
      raceLengthMinutes: z.number().int().positive(),
      sessions: z.array(z.object({ name: z.string().min(1), date: isoDate, time: localTime.nullable() })).optional(),
      weather: z.string().min(1).optional(),
      trackTemperatureC: z.number().int().optional(),
      results: z
        .record(
          z.string(),
          z.array(
            z.object({
              driverId: z.string().min(1),
              races: z
                .array(
                  z.object({
                    position: racePosition,
                    fastestLap: z.boolean().optional(),
                    penaltyPoints: z.number().int().min(0).optional(),
                  }),
                )
                .min(1),
              pole: z.boolean().optional(),
              driverOfDay: z.boolean().optional(),
            }),
          ),
        )
        .optional(),
    }),
  ),
});

export const driversFile = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    number: z.number().int().min(0),
    class: z.enum(["F3A", "F3B", "FF1600"]),
    role: z.string().min(1),
    image: mediaPath,
    objectPosition: z.string().default("center"),
    bio: paragraphs,
    achievements: z.array(z.string()),
    careerHighlights: z.array(z.string()),
  }),
);

export const teamMembersFile = z.array(
  z.object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    role: z.string().min(1),
    department: z.enum(["Technical", "Management", "Operations", "Analytics"]),
    group: z.enum(["leadership", "male-side"]),
    image: mediaPath,
    video: mediaPath.nullable().default(null),
    bio: paragraphs,
    fullBio: paragraphs,
    specialties: z.array(z.string()),
    achievements: z.array(z.string()),
    careerHighlights: z.array(z.string()),
    philosophy: z.string().min(1),
  }),
);

export const femaleSideFile = z.array(
  z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    role: z.string().min(1),
    image: mediaPath,
    video: mediaPath.nullable().default(null),
    bio: paragraphs,
  }),
);

export const newsCategories = ["Race Reports", "Team News", "Technical", "Interviews", "Events"] as const;

export const articleFrontMatter = z.object({
  title: z.string().min(1),
  date: isoDate,
  category: z.enum(newsCategories),
  venue: z.string().min(1),
  image: mediaPath,
  objectPosition: z.string().default("center"),
  excerpt: z.string().min(1).max(300),
  author: z.object({ name: z.string().min(1), title: z.string().min(1), image: mediaPath.optional(), linkedin: url.optional() }).optional(),
  podcastLinks: z.object({ youtube: url, spotify: url }).optional(),
  heroSlide: z.object({ title: z.string().min(1), subtitle: z.string().min(1) }).optional(),
});

export const galleryFile = z.array(
  z.object({
    id: z.number().int().positive(),
    image: mediaPath,
    title: z.string().min(1),
    circuit: z.string().min(1),
    date: z.string().min(1),
    description: z.string().min(1),
    alt: z.string().min(1),
    objectPosition: z.string().default("center"),
  }),
);

export const partnersFile = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    category: z.string().min(1),
    description: z.string().min(1),
    website: url,
    logo: mediaPath,
    details: z.object({
      founded: z.number().int(),
      headquarters: z.string().min(1),
      specialties: z.array(z.string()),
      products: z.array(z.string()),
    }),
  }),
);

const titledText = z.object({ title: z.string().min(1), description: z.string().min(1) });

export const sponsorshipFile = z.object({
  tiers: z.array(
    z.object({
      tier: z.string().min(1),
      pricePence: z.number().int().positive(),
      period: z.string().min(1),
      description: z.string().min(1),
      features: z.array(z.string()),
    }),
  ),
  benefits: z.array(titledText),
  valueStrip: z.array(titledText),
  vipProgram: z.array(titledText),
});

const person = z.object({ name: z.string().min(1), role: z.string().min(1), bio: z.string().min(1), image: mediaPath.optional() });

export const podcastFile = z.object({
  show: z.string().min(1),
  schedule: z.string().min(1),
  host: person,
  producer: person,
  episodes: z.array(
    z.object({
      id: z.string().min(1),
      title: z.string().min(1),
      date: isoDate,
      description: z.string().min(1),
      thumbnail: mediaPath,
      youtubeUrl: url,
      spotifyUrl: url,
    }),
  ),
});

const pence = z.number().int().positive();

export const storeFile = z
  .object({
    products: z.array(
      z
        .object({
          id: z.number().int().positive(),
          slug: z.string().regex(/^[a-z0-9-]+$/),
          name: z.string().min(1),
          description: z.string().min(1),
          category: z.enum(["apparel", "accessories"]),
          pricePence: pence,
          originalPricePence: pence.nullable().default(null),
          featured: z.boolean().default(false),
          rating: z.number().min(0).max(5),
          reviewCount: z.number().int().min(0),
          image: mediaPath,
          imageAlt: z.string().min(1),
          active: z.boolean().default(true),
          variants: z
            .array(
              z.object({
                size: z.string().min(1).max(40),
                stock: z.number().int().min(0),
                lowStockThreshold: z.number().int().min(0).default(DEFAULT_LOW_STOCK_THRESHOLD),
              }),
            )
            .min(1)
            .refine((variants) => new Set(variants.map((v) => v.size)).size === variants.length, "sizes must be unique"),
        })
        .refine((p) => p.originalPricePence === null || p.originalPricePence > p.pricePence, {
          message: "originalPricePence must be above pricePence (it is the price before the sale)",
          path: ["originalPricePence"],
        }),
    ),
    promoCodes: z.array(
      z.object({
        code: z.string().regex(/^[A-Z0-9]{1,32}$/, "must be upper-case letters and digits"),
        percentOff: z.number().int().min(1).max(100),
        active: z.boolean().default(true),
        startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
        expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
        maxUses: z.number().int().positive().nullable().default(null),
      }),
    ),
  })
  .refine((file) => new Set(file.products.map((p) => p.id)).size === file.products.length, "product ids must be unique")
  .refine((file) => new Set(file.products.map((p) => p.slug)).size === file.products.length, "product slugs must be unique");
