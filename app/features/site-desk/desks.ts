import { libraryImageChoice } from "~/features/media/media-form";
import { z } from "~/lib/zod";
import {
  imagePath,
  isoDate,
  needsPicture,
  optionalImagePath,
  lines,
  longText,
  optionalIsoDate,
  penceToPounds,
  pounds,
  requiredText,
  sitePath,
  webAddress,
  wholeNumber,
  type DeskField,
} from "~/features/admin/desk/desk-fields";

/*
 * The site desk's record types: partners, sponsorship tiers, podcast episodes, gallery items
 * and home hero slides. One definition each (its fields, how the form reads, how a record
 * shows in the list) drives one list screen and one edit screen for all of them
 * (app/routes/admin/content-*.tsx); desks.server.ts adds the tables.
 */

export const DESK_KEYS = ["partners", "tiers", "podcast", "gallery", "hero-slides"] as const;
export type DeskKey = (typeof DESK_KEYS)[number];

export function isDeskKey(value: string | undefined): value is DeskKey {
  return (DESK_KEYS as readonly string[]).includes(value ?? "");
}

export interface DeskDefinition {
  key: DeskKey;
  /** "Partners": the list's heading and the menu's label. */
  title: string;
  /** "partner": in messages ("Partner saved."). */
  singular: string;
  description: string;
  /** The public pages the records show on, linked from the edit screen. */
  publicPaths: string[];
  fields: DeskField[];
  /** Reads the posted fields (strings) into the record's values; the keys are the table's. */
  schema: z.ZodType<Record<string, unknown>>;
}

const sortOrder = wholeNumber("position", 0, 10_000);

export const DESKS: Record<DeskKey, DeskDefinition> = {
  partners: {
    key: "partners",
    title: "Partners",
    singular: "partner",
    description: "The partners on the home page and /partners. A partner outside its active dates is not shown.",
    publicPaths: ["/partners", "/"],
    fields: [
      { name: "name", label: "Name", kind: "text", required: true },
      { name: "category", label: "Category", kind: "text", required: true, hint: "e.g. Technical Partner" },
      { name: "description", label: "Description", kind: "textarea", required: true },
      { name: "website", label: "Website", kind: "url", required: true },
      { name: "logoAssetId", label: "Logo", kind: "photo", hint: "From the media library (2:1, e.g. 400 × 200); upload it there first." },
      {
        name: "logo",
        label: "Logo path",
        kind: "image",
        hint: "Used when no library logo is chosen: an image path on this site, e.g. /media/partners/name.svg.",
      },
      { name: "tier", label: "Sponsorship tier", kind: "select", hint: "Filled from the sponsorship tiers." },
      { name: "activeFrom", label: "Shown from", kind: "date", hint: "Leave empty to show it from now on." },
      { name: "activeUntil", label: "Shown until", kind: "date", hint: "The last day it is shown; leave empty for no end." },
      { name: "founded", label: "Year founded", kind: "integer", required: true },
      { name: "headquarters", label: "Headquarters", kind: "text", required: true },
      { name: "specialties", label: "Specialties", kind: "lines", hint: "One per line." },
      { name: "products", label: "Products", kind: "lines", hint: "One per line." },
      { name: "sortOrder", label: "Position", kind: "integer", required: true, hint: "Lower numbers come first." },
    ],
    schema: z
      .object({
        name: requiredText("name", 120),
        category: requiredText("category", 120),
        description: longText("description"),
        website: webAddress("website"),
        logo: optionalImagePath("logo"),
        logoAssetId: libraryImageChoice,
        tier: z
          .string()
          .trim()
          .max(60)
          .default("")
          .transform((value) => value || null),
        activeFrom: optionalIsoDate("first day shown"),
        activeUntil: optionalIsoDate("last day shown"),
        founded: wholeNumber("year founded", 1800, 2100),
        headquarters: requiredText("headquarters", 120),
        specialties: lines("specialty"),
        products: lines("product"),
        sortOrder,
      })
      .refine(...needsPicture("logo", "logoAssetId"))
      .refine((value) => !value.activeFrom || !value.activeUntil || value.activeFrom <= value.activeUntil, {
        message: "The last day shown cannot be before the first.",
        path: ["activeUntil"],
      })
      .transform(({ founded, headquarters, specialties, products, ...partner }) => ({
        ...partner,
        details: { founded, headquarters, specialties, products },
      })),
  },
  tiers: {
    key: "tiers",
    title: "Sponsorship tiers",
    singular: "tier",
    description: "The packages on /partner-packages.",
    publicPaths: ["/partner-packages"],
    fields: [
      {
        name: "tier",
        label: "Tier name",
        kind: "text",
        required: true,
        fixedAfterCreate: true,
        hint: "Names the tier; partners refer to it.",
      },
      { name: "price", label: "Price (£)", kind: "pounds", required: true },
      { name: "period", label: "Period", kind: "text", required: true, hint: "e.g. per race weekend" },
      { name: "description", label: "Description", kind: "textarea", required: true },
      { name: "features", label: "Features", kind: "lines", required: true, hint: "One per line." },
      { name: "sortOrder", label: "Position", kind: "integer", required: true, hint: "Lower numbers come first." },
    ],
    schema: z
      .object({
        tier: requiredText("tier name", 60),
        price: pounds("price"),
        period: requiredText("period", 60),
        description: longText("description"),
        features: lines("feature", { min: 1 }),
        sortOrder,
      })
      .transform(({ price, ...tier }) => ({ ...tier, pricePence: price })),
  },
  podcast: {
    key: "podcast",
    title: "Podcast episodes",
    singular: "episode",
    description: "The episodes on /podcast (newest first) and the home page's latest episode.",
    publicPaths: ["/podcast", "/"],
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "publishedOn", label: "Release date", kind: "date", required: true },
      { name: "description", label: "Description", kind: "textarea", required: true },
      {
        name: "thumbnail",
        label: "Thumbnail",
        kind: "image",
        required: true,
        hint: "An image path on this site, e.g. /media/podcast/episode.svg.",
      },
      { name: "youtubeUrl", label: "YouTube link", kind: "url", required: true },
      { name: "spotifyUrl", label: "Spotify link", kind: "url", required: true },
    ],
    schema: z.object({
      title: requiredText("title", 200),
      publishedOn: isoDate("release date"),
      description: longText("description"),
      thumbnail: imagePath("thumbnail"),
      youtubeUrl: webAddress("YouTube link"),
      spotifyUrl: webAddress("Spotify link"),
    }),
  },
  gallery: {
    key: "gallery",
    title: "Gallery",
    singular: "gallery item",
    description: "The photos on /gallery, in their number order.",
    publicPaths: ["/gallery"],
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "photoAssetId", label: "Photo", kind: "photo", hint: "From the media library; its focal point decides the square crop." },
      {
        name: "image",
        label: "Image path",
        kind: "image",
        hint: "Used when no library photo is chosen: an image path on this site, e.g. /media/gallery/photo.svg.",
      },
      { name: "alt", label: "Alt text", kind: "textarea", required: true, hint: "What the photo shows, for people who cannot see it." },
      { name: "circuit", label: "Circuit", kind: "text", required: true },
      { name: "dateText", label: "Date", kind: "text", required: true, hint: "As shown, e.g. 5 April 2025." },
      { name: "description", label: "Caption", kind: "textarea", required: true },
      { name: "objectPosition", label: "Focus", kind: "text", hint: "Which part stays in view when cropped: center, top, 30% 40%..." },
    ],
    schema: z
      .object({
        title: requiredText("title", 200),
        image: optionalImagePath("image"),
        photoAssetId: libraryImageChoice,
        alt: requiredText("alt text", 500),
        circuit: requiredText("circuit", 120),
        dateText: requiredText("date", 60),
        description: longText("caption"),
        objectPosition: z
          .string()
          .trim()
          .default("")
          .transform((value) => value || "center")
          .refine(
            (value) => /^(center|top|bottom|left|right|(\d{1,3}%\s+\d{1,3}%)|((left|right|center)\s+(top|bottom|center)))$/.test(value),
            "Use center, top, bottom, left, right or two percentages such as 30% 40%.",
          ),
      })
      .refine(...needsPicture("image", "photoAssetId")),
  },
  "hero-slides": {
    key: "hero-slides",
    title: "Home hero slides",
    singular: "slide",
    description: "The slides at the top of the home page, in their order.",
    publicPaths: ["/"],
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "subtitle", label: "Subtitle", kind: "textarea", required: true },
      {
        name: "photoAssetId",
        label: "Photo",
        kind: "photo",
        hint: "From the media library: a wide photo (16:9), cropped around its focal point.",
      },
      {
        name: "image",
        label: "Image path",
        kind: "image",
        hint: "Used when no library photo is chosen: an image path on this site, e.g. /media/hero/hero-1.svg.",
      },
      { name: "href", label: "Read more link", kind: "path", required: true, hint: "A path on this site, e.g. /news/round-1-report." },
      { name: "sortOrder", label: "Position", kind: "integer", required: true, hint: "Lower numbers come first." },
    ],
    schema: z
      .object({
        title: requiredText("title", 120),
        subtitle: requiredText("subtitle", 300),
        image: optionalImagePath("image"),
        photoAssetId: libraryImageChoice,
        href: sitePath("link"),
        sortOrder,
      })
      .refine(...needsPicture("image", "photoAssetId")),
  },
};

/** A stored record as the form's text fields (the inverse of the desk's schema). */
export function recordToForm(key: DeskKey, record: Record<string, unknown>): Record<string, string> {
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  const values: Record<string, string> = {};
  for (const field of DESKS[key].fields) {
    const value = record[field.name];
    values[field.name] = Array.isArray(value) ? value.join("\n") : text(value);
  }
  if (key === "partners") {
    const details = (record.details ?? {}) as { founded?: number; headquarters?: string; specialties?: string[]; products?: string[] };
    values.founded = text(details.founded);
    values.headquarters = text(details.headquarters);
    values.specialties = (details.specialties ?? []).join("\n");
    values.products = (details.products ?? []).join("\n");
  }
  if (key === "tiers") values.price = typeof record.pricePence === "number" ? penceToPounds(record.pricePence) : "";
  return values;
}
