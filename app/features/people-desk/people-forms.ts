import { libraryImageChoice, PICTURE_MISSING } from "~/features/media/media-form";
import { z } from "~/lib/zod";

/*
 * The people desk's forms (drivers, team members, the Female Side): which fields each has, how
 * the submitted text becomes a record, and how a record goes back into the form. Pure, so the
 * screens, the server and the tests share one definition.
 */

export const PEOPLE_KINDS = ["drivers", "team", "female-side"] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];

export interface PeopleKindInfo {
  /** The list's title and the path under /admin. */
  title: string;
  singular: string;
  /** The audit trail's record type. */
  entityType: string;
  /** The public page that shows this record. */
  publicPath: (id: string) => string;
}

export const PEOPLE_KIND_INFO: Record<PeopleKind, PeopleKindInfo> = {
  drivers: {
    title: "Drivers",
    singular: "driver",
    entityType: "driver",
    publicPath: (id) => `/team?driver=${encodeURIComponent(id)}#driver-detail`,
  },
  team: { title: "Team", singular: "team member", entityType: "team_member", publicPath: (id) => `/team/${id}` },
  "female-side": {
    title: "Female Side",
    singular: "Female Side member",
    entityType: "female_side_member",
    publicPath: () => "/female-side",
  },
};

export function isPeopleKind(value: unknown): value is PeopleKind {
  return (PEOPLE_KINDS as readonly unknown[]).includes(value);
}

/** The kind a back-office path is about: /admin/drivers/... → "drivers". */
export function peopleKindOfPath(pathname: string): PeopleKind | null {
  const segment = pathname.split("/")[2]?.replace(/\.data$/, "");
  return isPeopleKind(segment) ? segment : null;
}

export const RACING_CLASSES = ["F3A", "F3B", "FF1600"] as const;
export const TEAM_GROUPS = ["leadership", "male-side"] as const;
export const TEAM_GROUP_LABELS: Record<(typeof TEAM_GROUPS)[number], string> = { leadership: "Leadership", "male-side": "Male Side" };

export type FieldKind = "text" | "textarea" | "number" | "lines" | "select" | "photo" | "image" | "video";

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** Only asked for when the record is created (its id, which addresses use). */
  createOnly?: boolean;
  optional?: boolean;
}

const SLUG_HINT = "Lower-case letters, digits and hyphens; it becomes part of the address and cannot change later.";
const PHOTO_HINT = "Upload it to the media library first; its alt text and focal point come with it.";
const IMAGE_HINT =
  "Used when no library photo is chosen: a picture already on the site, as a path, e.g. /media/drivers/oliver-hartley.svg.";
const LINES_HINT = "One per line.";

export const PEOPLE_FIELDS: Record<PeopleKind, readonly FieldSpec[]> = {
  drivers: [
    { name: "id", label: "Id", kind: "text", hint: SLUG_HINT, createOnly: true },
    { name: "name", label: "Name", kind: "text" },
    { name: "number", label: "Car number", kind: "number" },
    { name: "racingClass", label: "Class", kind: "select", options: RACING_CLASSES.map((value) => ({ value, label: value })) },
    { name: "role", label: "Role", kind: "text", hint: "As the card shows it: “F3A Driver”." },
    { name: "sortOrder", label: "Position in lists", kind: "number", hint: "Lower numbers come first." },
    { name: "photoAssetId", label: "Photo", kind: "photo", optional: true, hint: PHOTO_HINT },
    { name: "image", label: "Picture path", kind: "image", optional: true, hint: IMAGE_HINT },
    {
      name: "objectPosition",
      label: "Photo focus",
      kind: "text",
      hint: "The crop of the picture path: “center top”, “50% 20%”. A library photo uses its own focal point.",
    },
    { name: "bio", label: "Bio", kind: "textarea", hint: "Paragraphs separated by a blank line." },
    { name: "achievements", label: "Achievements", kind: "lines", hint: LINES_HINT },
    { name: "careerHighlights", label: "Career highlights", kind: "lines", hint: LINES_HINT },
  ],
  team: [
    { name: "name", label: "Name", kind: "text" },
    { name: "role", label: "Role", kind: "text" },
    { name: "department", label: "Department", kind: "text" },
    { name: "group", label: "Section", kind: "select", options: TEAM_GROUPS.map((value) => ({ value, label: TEAM_GROUP_LABELS[value] })) },
    { name: "photoAssetId", label: "Photo", kind: "photo", optional: true, hint: PHOTO_HINT },
    { name: "image", label: "Picture path", kind: "image", optional: true, hint: IMAGE_HINT },
    {
      name: "video",
      label: "Video",
      kind: "video",
      optional: true,
      hint: "Optional: a clip already on the site, /media/team/member-1.mp4.",
    },
    { name: "bio", label: "Short bio", kind: "textarea", hint: "The card's text." },
    { name: "fullBio", label: "Full bio", kind: "textarea", hint: "The profile page. Paragraphs separated by a blank line." },
    { name: "philosophy", label: "Philosophy", kind: "textarea" },
    { name: "specialties", label: "Specialties", kind: "lines", hint: LINES_HINT },
    { name: "achievements", label: "Achievements", kind: "lines", hint: LINES_HINT },
    { name: "careerHighlights", label: "Career highlights", kind: "lines", hint: LINES_HINT },
  ],
  "female-side": [
    { name: "id", label: "Id", kind: "text", hint: SLUG_HINT, createOnly: true },
    { name: "name", label: "Name", kind: "text" },
    { name: "role", label: "Role", kind: "text" },
    { name: "sortOrder", label: "Position in lists", kind: "number", hint: "Lower numbers come first." },
    { name: "photoAssetId", label: "Photo", kind: "photo", optional: true, hint: PHOTO_HINT },
    { name: "image", label: "Picture path", kind: "image", optional: true, hint: IMAGE_HINT },
    {
      name: "video",
      label: "Video",
      kind: "video",
      optional: true,
      hint: "Optional: a clip already on the site, /media/team/female-1.mp4.",
    },
    { name: "bio", label: "Bio", kind: "textarea", hint: "Paragraphs separated by a blank line." },
  ],
};

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-GB")} characters.`);

const slug = z
  .string({ error: "Enter an id." })
  .trim()
  .min(2, "Enter an id of at least 2 characters.")
  .max(60, "Keep the id to 60 characters.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens only.");

/** A site path to a picture in public/ (the site's own art). */
export const imagePath = z
  .string({ error: "Enter the photo's path." })
  .trim()
  .min(1, "Enter the photo's path.")
  .max(300, "Keep the path to 300 characters.")
  .regex(
    /^\/(?![/\\])(?!.*\.\.)[A-Za-z0-9/_.-]+\.(?:svg|png|jpe?g|webp|avif)$/i,
    "Give a path on this site to a picture: /media/… ending .svg, .png, .jpg, .webp or .avif.",
  );

/** The path field beside a library photo: may be left empty when a photo is chosen (see missingPicture). */
const optionalImagePath = z
  .string()
  .trim()
  .default("")
  .superRefine((value, context) => {
    const checked = value === "" ? null : imagePath.safeParse(value);
    if (checked && !checked.success) context.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
  });

/** A person needs a picture: a library photo, or the path of the site's own art. */
export function missingPicture(values: { image?: unknown; photoAssetId?: unknown }): Record<string, string> {
  return values.image || values.photoAssetId ? {} : { photoAssetId: PICTURE_MISSING };
}

const videoPath = z
  .string()
  .trim()
  .max(300, "Keep the path to 300 characters.")
  .refine(
    (value) => value === "" || /^\/(?![/\\])(?!.*\.\.)[A-Za-z0-9/_.-]+\.(?:mp4|webm)$/i.test(value),
    "Give a path on this site to a clip ending .mp4 or .webm, or leave it empty.",
  )
  .default("")
  .transform((value) => (value === "" ? null : value));

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .regex(/^-?\d+$/, `The ${label} is a whole number.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `The ${label} is between ${min} and ${max}.`);

/** A textarea of one item per line → the items (blank lines dropped). */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

const lines = (label: string) =>
  z
    .string()
    .default("")
    .transform(splitLines)
    .refine((items) => items.length <= 30, `Keep the ${label} to 30 lines.`)
    .refine((items) => items.every((item) => item.length <= 300), `Keep each line of the ${label} to 300 characters.`);

const objectPosition = z
  .string()
  .trim()
  .max(40, "Keep the photo focus to 40 characters.")
  .regex(
    /^(?:[a-z]+|\d{1,3}%)(?: (?:[a-z]+|\d{1,3}%))?$|^$/,
    "Use one or two of: left, center, right, top, bottom, or percentages like 50% 20%.",
  )
  .transform((value) => value || "center");

const bio = (label: string) => requiredText(label, 8000);

export const driverFields = z.object({
  name: requiredText("name", 120),
  number: wholeNumber("car number", 0, 999),
  racingClass: z.enum(RACING_CLASSES, { error: `Choose one of ${RACING_CLASSES.join(", ")}.` }),
  role: requiredText("role", 120),
  sortOrder: wholeNumber("position", 0, 9999),
  image: optionalImagePath,
  photoAssetId: libraryImageChoice,
  objectPosition,
  bio: bio("bio"),
  achievements: lines("achievements"),
  careerHighlights: lines("career highlights"),
});

export const teamMemberFields = z.object({
  name: requiredText("name", 120),
  role: requiredText("role", 120),
  department: requiredText("department", 120),
  group: z.enum(TEAM_GROUPS, { error: "Choose Leadership or Male Side." }),
  image: optionalImagePath,
  photoAssetId: libraryImageChoice,
  video: videoPath,
  bio: bio("short bio"),
  fullBio: bio("full bio"),
  philosophy: requiredText("philosophy", 4000),
  specialties: lines("specialties"),
  achievements: lines("achievements"),
  careerHighlights: lines("career highlights"),
});

export const femaleSideFields = z.object({
  name: requiredText("name", 120),
  role: requiredText("role", 120),
  sortOrder: wholeNumber("position", 0, 9999),
  image: optionalImagePath,
  photoAssetId: libraryImageChoice,
  video: videoPath,
  bio: bio("bio"),
});

export type DriverFields = z.output<typeof driverFields>;
export type TeamMemberFields = z.output<typeof teamMemberFields>;
export type FemaleSideFields = z.output<typeof femaleSideFields>;

export const PEOPLE_SCHEMAS = {
  drivers: driverFields,
  team: teamMemberFields,
  "female-side": femaleSideFields,
} as const;

/** The form of a new record: the fields plus its id where staff choose one. */
export function createSchema(kind: PeopleKind) {
  return kind === "team" ? PEOPLE_SCHEMAS.team : PEOPLE_SCHEMAS[kind].extend({ id: slug });
}

/** An edit: the fields plus the version the form was opened at and an optional reason. */
export const editMeta = z.object({
  version: z.coerce.number({ error: "The form is missing its version; reload the page." }).int().min(1),
  reason: z.string().trim().max(500, "Keep the reason to 500 characters.").default(""),
});

/** The buttons on the edit page besides Save. */
export const recordIntent = z.object({
  intent: z.enum(["save", "delete", "undelete", "restore-version"]).default("save"),
});

export const restoreVersionForm = z.object({
  eventId: z.coerce.number().int().positive("Choose a version to restore."),
  version: z.coerce.number().int().min(1),
});

/** A record's values as the form shows them: text, lists one per line. */
export function formValues(kind: PeopleKind, record: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of PEOPLE_FIELDS[kind]) {
    const value = record[field.name];
    if (Array.isArray(value)) values[field.name] = value.join("\n");
    else if (value === null || value === undefined) values[field.name] = "";
    else values[field.name] = String(value);
  }
  return values;
}

/** What was submitted, as text, to put back into the form after a refusal. */
export function submittedValues(kind: PeopleKind, form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of PEOPLE_FIELDS[kind]) {
    const value = form.get(field.name);
    values[field.name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The driver's own edit from their dashboard: only the bio and the photo. */
export const driverSelfEdit = z.object({
  bio: bio("bio"),
  image: imagePath,
});
export type DriverSelfEdit = z.output<typeof driverSelfEdit>;

export const rejectChangeForm = z.object({
  changeId: z.coerce.number({ error: "Choose a change." }).int().positive("Choose a change."),
  reason: requiredText("reason for the driver", 1000),
});

export const approveChangeForm = z.object({
  changeId: z.coerce.number({ error: "Choose a change." }).int().positive("Choose a change."),
  /** The driver record's version the diff was shown against. */
  version: z.coerce.number().int().min(1),
});

/** The list's search box and pagination. */
export const peopleListQuery = z.object({
  q: z.string().trim().max(100, "Keep the search to 100 characters.").default(""),
  deleted: z
    .enum(["0", "1"])
    .default("0")
    .transform((value) => value === "1"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const PEOPLE_PAGE_SIZE = 20;
