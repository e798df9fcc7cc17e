import { z } from "~/lib/zod";

/** The fields staff give an asset: at upload and on its edit page. */
export const mediaDetailsSchema = z.object({
  altText: z
    .string()
    .trim()
    .min(1, "Describe the picture for people who cannot see it (alt text).")
    .max(300, "Keep the alt text under 300 characters."),
  caption: z.string().trim().max(500, "Keep the caption under 500 characters.").default(""),
  credit: z.string().trim().max(200, "Keep the credit under 200 characters.").default(""),
});

const fraction = (axis: string) =>
  z.coerce
    .number({ message: `Give the focal point's ${axis} as a number from 0 to 1.` })
    .min(0, `The focal point's ${axis} is from 0 to 1.`)
    .max(1, `The focal point's ${axis} is from 0 to 1.`);

export const mediaEditSchema = mediaDetailsSchema.extend({
  focalX: fraction("x"),
  focalY: fraction("y"),
  version: z.coerce.number().int().min(1),
});

export const mediaVersionSchema = z.object({ version: z.coerce.number().int().min(1) });

export const mediaListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  deleted: z.enum(["1"]).optional().catch(undefined),
});

export type MediaDetails = z.infer<typeof mediaDetailsSchema>;
export type MediaEdit = z.infer<typeof mediaEditSchema>;

/**
 * A form's choice of a library image (a MediaPicker's value): the asset's id, or null for none.
 * The server still checks that the id names a live image (isLibraryImage) before storing it.
 */
export const libraryImageChoice = z
  .string()
  .trim()
  .max(64, "Choose an image from the list.")
  .default("")
  .transform((value) => value || null);

/** The message when a record has neither a library photo nor an image path. */
export const PICTURE_MISSING = "Choose a photo from the media library, or give the path of an image on the site.";
export const PICTURE_NOT_IN_LIBRARY = "That image is no longer in the media library; choose another.";
