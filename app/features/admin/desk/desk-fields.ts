import { PICTURE_MISSING } from "~/features/media/media-form";
import { pathOnThisSite } from "~/lib/site-path";
import { z } from "~/lib/zod";

/*
 * The building blocks of the site desk's forms: each field's kind says how it is drawn and how
 * its text is read. Forms post strings; these schemas turn them into the values stored, with a
 * message a person can act on when they cannot.
 */

export type FieldKind =
  "text" | "textarea" | "url" | "email" | "tel" | "photo" | "image" | "path" | "date" | "integer" | "pounds" | "lines" | "select";

/**
 * How a one-line field is typed, so a phone brings up the keyboard it needs (digits and + for a
 * phone number, @ for an e-mail address) and the browser offers what it knows.
 */
export function inputAttributesOf(kind: FieldKind): {
  type: string;
  inputMode?: "numeric" | "decimal" | "email" | "tel" | "url";
  autoComplete?: string;
} {
  switch (kind) {
    case "url":
      return { type: "url", inputMode: "url" };
    case "email":
      return { type: "email", inputMode: "email", autoComplete: "email" };
    case "tel":
      return { type: "tel", inputMode: "tel", autoComplete: "tel" };
    case "date":
      return { type: "date" };
    case "integer":
      return { type: "text", inputMode: "numeric" };
    case "pounds":
      return { type: "text", inputMode: "decimal" };
    default:
      return { type: "text" };
  }
}

export interface DeskField {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  required?: boolean;
  /** For "select": the choices (value, label); "" is "none". */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Shown but not editable once the record exists (it names the record). */
  fixedAfterCreate?: boolean;
}

const MAX_TEXT = 300;
const MAX_LONG_TEXT = 20_000;

export const requiredText = (label: string, max = MAX_TEXT) =>
  z
    .string({ message: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Keep the ${label} under ${max.toLocaleString("en-GB")} characters.`);

export const longText = (label: string) => requiredText(label, MAX_LONG_TEXT);

export const webAddress = (label: string) =>
  requiredText(label, 500).refine(
    (value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
    `The ${label} must be a full web address starting with https://`,
  );

/** A picture's path on this site, e.g. /media/partners/logo.svg. */
export const isPicturePathOnThisSite = (value: string) =>
  !/\s/.test(value) && /\.(svg|png|jpe?g|webp|avif)$/i.test(pathOnThisSite(value) ?? "");

/** An image on this site (/media/...) or a full web address. */
export const imagePath = (label: string) =>
  requiredText(label, 500).refine(
    (value) => isPicturePathOnThisSite(value) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value),
    `The ${label} must be an image path on this site such as /media/partners/logo.svg, or an https:// address.`,
  );

/** An image path beside a library photo: may stay empty when a photo is chosen (see needsPicture). */
export const optionalImagePath = (label: string) =>
  z
    .string()
    .trim()
    .default("")
    .superRefine((value, context) => {
      const checked = value === "" ? null : imagePath(label).safeParse(value);
      if (checked && !checked.success) context.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
    });

/** A refinement: the record shows a library photo (`assetField`) or an image path (`pathField`). */
export function needsPicture(pathField: string, assetField: string) {
  return [
    (value: Record<string, unknown>) => Boolean(value[pathField] || value[assetField]),
    { message: PICTURE_MISSING, path: [assetField] as PropertyKey[] },
  ] as const;
}

/** A path on this site, e.g. /news/round-1-report. */
export const sitePath = (label: string) =>
  requiredText(label, 500).refine(
    (value) => !/\s/.test(value) && pathOnThisSite(value) !== null,
    `The ${label} must be a path on this site starting with /, e.g. /news/my-article.`,
  );

export const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `Enter a real date for the ${label}.`,
    );

export const optionalIsoDate = (label: string) =>
  z
    .union([z.literal("").transform(() => null), isoDate(label)])
    .default("")
    .transform((value) => value || null);

export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, `The ${label} must be a whole number.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `The ${label} must be between ${min} and ${max}.`);

/** "£300" or "300.50" → 30050 pence. */
export const pounds = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/^£/, "").replace(/,/g, ""))
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), `Enter the ${label} in pounds, e.g. 300 or 299.99.`)
    .transform((value) => Math.round(Number(value) * 100));

/** One entry per line; blank lines are dropped. */
export const lines = (label: string, { min = 0, max = 30 } = {}) =>
  z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length >= min, min === 1 ? `Give at least one ${label} line.` : `Give at least ${min} ${label} lines.`)
    .refine((list) => list.length <= max, `Give at most ${max} ${label} lines.`)
    .refine((list) => list.every((line) => line.length <= MAX_TEXT), `Keep each ${label} line under ${MAX_TEXT} characters.`);

/** A name as a URL-safe id: "Round 1: Thruxton" → "round-1-thruxton". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** Pence as the pounds text the form shows: 30000 → "300", 29999 → "299.99". */
export function penceToPounds(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** The form's text fields as a plain object (files and repeats ignored: these forms have none). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}

/** The version a form was based on. */
export const versionField = z.coerce.number({ message: "The form is missing its version; reload the page." }).int().positive();
export const reasonField = z
  .string()
  .trim()
  .max(300, "Keep the reason under 300 characters.")
  .optional()
  .transform((value) => value || null);
