import { TZDate } from "@date-fns/tz";
import { z } from "~/lib/zod";
import type { ArticleContent } from "./article-snapshot";
import { richTextDocSchema, richTextFromPlainParagraphs, type RichTextDoc } from "./rich-text";
import { firstErrorPerField } from "~/lib/form-errors";

/**
 * The categories an article can be filed under: the news page's filter (news-filter.ts) without
 * "All"; a test holds the two lists together. Written out here rather than imported, so the
 * back office's form does not share a module, and with it a chunk, with the public news page.
 */
export const ARTICLE_CATEGORIES = ["Race Reports", "Team News", "Technical", "Interviews", "Events"] as const;

/** The largest article form accepted: its formatted text travels as JSON (server/body-limit.ts). */
export const MAX_ARTICLE_FORM_BYTES = 1024 * 1024;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a title: lower case, words joined by hyphens, at most 80 characters. */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it under ${max} characters.`)
    .transform((value) => value || null);

const webUrl = z.url({ protocol: /^https?$/, message: "Enter a full web address starting with https://" });
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(webUrl.nullable());

/** A picture of the site's own: an SVG of the seed or a file of the media library, by path. */
const mediaPath = z
  .string()
  .trim()
  .regex(/^\/media\/[\w/.-]+$/, "Enter the path of a picture in the media library, starting with /media/")
  .refine((value) => !value.includes(".."), "Enter the path of a picture in the media library.");
const optionalMediaPath = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(mediaPath.nullable());

/** The body as the editor sends it: the document's JSON. */
function parseBodyJson(body: string): { ok: true; doc: RichTextDoc } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: "The text could not be read. Please try again." };
  }
  const parsed = richTextDocSchema.safeParse(json);
  return parsed.success
    ? { ok: true, doc: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "The text could not be read." };
}

const articleFieldsSchema = z.object({
  title: z.string().trim().min(1, "Give the article a title.").max(200, "Keep the title under 200 characters."),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(120, "Keep the slug under 120 characters.")
    .refine((value) => value === "" || SLUG_PATTERN.test(value), "Use lower-case letters, digits and single hyphens."),
  category: z.enum(ARTICLE_CATEGORIES, { message: "Choose a category." }),
  venue: z.string().trim().min(1, "Say where it happened (a circuit, a town).").max(120, "Keep it under 120 characters."),
  image: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(mediaPath.nullable()),
  heroAssetId: z
    .string()
    .trim()
    .max(64, "Choose a photo from the list.")
    .transform((value) => value || null),
  objectPosition: z
    .string()
    .trim()
    .regex(/^(center|top|bottom|left|right|\d{1,3}% \d{1,3}%)?$/, "Use center, top, bottom, left, right or two percentages.")
    .transform((value) => value || "center"),
  excerpt: z.string().trim().min(1, "Write a short excerpt for the news list.").max(300, "Keep the excerpt under 300 characters."),
  authorName: optionalText(120),
  authorTitle: optionalText(120),
  authorImage: optionalMediaPath,
  authorLinkedin: optionalUrl,
  podcastYoutubeUrl: optionalUrl,
  podcastSpotifyUrl: optionalUrl,
  seoTitle: optionalText(70),
  seoDescription: optionalText(160),
  shareImage: optionalMediaPath,
});

const HERO_MISSING = "Choose a hero photo from the library, or give the path of the site's art.";

export type ArticleFormValues = Partial<Record<(typeof ARTICLE_FORM_FIELDS)[number], string>>;
export type ArticleFieldErrors = Partial<Record<(typeof ARTICLE_FORM_FIELDS)[number], string>>;

/**
 * The article form to content, or a message per field. The body arrives as the editor's JSON
 * (`body`); without JavaScript the form has a plain textarea instead (`bodyText`, blank lines
 * between paragraphs).
 */
export function parseArticleForm(
  values: ArticleFormValues,
): { ok: true; content: ArticleContent } | { ok: false; fieldErrors: ArticleFieldErrors } {
  const fields = articleFieldsSchema.safeParse({
    ...Object.fromEntries(ARTICLE_FORM_FIELDS.map((name) => [name, ""])),
    ...values,
  });
  const fieldErrors: ArticleFieldErrors = fields.success ? {} : firstErrorPerField<keyof ArticleFieldErrors>(fields.error);
  let body: RichTextDoc;
  if (values.body) {
    const parsed = parseBodyJson(values.body);
    if (parsed.ok) body = parsed.doc;
    else {
      fieldErrors.body = parsed.message;
      body = { type: "doc", content: [] };
    }
  } else {
    body = richTextFromPlainParagraphs(values.bodyText ?? "");
  }
  if (fields.success && !fields.data.image && !fields.data.heroAssetId) fieldErrors.heroAssetId = HERO_MISSING;
  if (!fields.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const slug = fields.data.slug || slugFromTitle(fields.data.title);
  if (!slug) return { ok: false, fieldErrors: { slug: "Give the article a slug (letters or digits)." } };
  // "" is the art's column when a library photo is the hero (the column stays NOT NULL for the seed's rows).
  return { ok: true, content: { ...fields.data, image: fields.data.image ?? "", slug, body } };
}

/** The field names the form sends, for reading FormData. */
export const ARTICLE_FORM_FIELDS = [
  "title",
  "slug",
  "category",
  "venue",
  "image",
  "heroAssetId",
  "objectPosition",
  "excerpt",
  "body",
  "bodyText",
  "authorName",
  "authorTitle",
  "authorImage",
  "authorLinkedin",
  "podcastYoutubeUrl",
  "podcastSpotifyUrl",
  "seoTitle",
  "seoDescription",
  "shareImage",
] as const;

export const LONDON = "Europe/London";

/** A datetime-local value ("2026-05-10T14:30") read as UK time; null when it is not one. */
export function ukDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(year, month - 1, day, hour, minute, LONDON);
  // A time that does not exist (the hour the clocks go forward) comes back shifted: refuse it.
  if (date.getDate() !== day || date.getHours() !== hour || date.getMinutes() !== minute) return null;
  return new Date(date.getTime());
}

/** An instant as a datetime-local value in UK time. */
export function toUkDateTimeLocal(instant: Date): string {
  const date = new TZDate(instant.getTime(), LONDON);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The UK calendar date of an instant ("2026-05-10"): an article's shown date. */
export function ukCalendarDate(instant: Date): string {
  return toUkDateTimeLocal(instant).slice(0, 10);
}
