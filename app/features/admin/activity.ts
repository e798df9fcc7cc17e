import { z } from "~/lib/zod";
import { firstErrorPerField } from "~/lib/form-errors";

/*
 * The activity log's filters, read from the URL (so a filtered view can be bookmarked and
 * shared) and checked like any other input.
 */

export const ACTIVITY_PAGE_SIZE = 25;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isCalendarDate(value), { message: "Use a date like 2026-05-01." });

/** YYYY-MM-DD naming a real day (not 2026-02-30). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const activityFiltersSchema = z
  .object({
    actor: optionalText(200),
    entityType: optionalText(100),
    entityId: optionalText(200),
    action: optionalText(100),
    from: optionalDate,
    to: optionalDate,
    page: z.coerce.number().int("Pages are whole numbers.").min(1, "Pages start at 1.").max(100_000).default(1),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "The start date must not be after the end date.",
    path: ["to"],
  });

export type ActivityFilters = z.output<typeof activityFiltersSchema>;

export type ActivityFilterErrors = Partial<Record<keyof ActivityFilters, string>>;

/** The filters in a URL's query, or the field messages explaining what is wrong with them. */
export function parseActivityFilters(
  searchParams: URLSearchParams,
): { ok: true; filters: ActivityFilters } | { ok: false; errors: ActivityFilterErrors } {
  const raw = Object.fromEntries(
    ["actor", "entityType", "entityId", "action", "from", "to", "page"].flatMap((key) => {
      const value = searchParams.get(key);
      return value === null || (key === "page" && value === "") ? [] : [[key, value]];
    }),
  );
  const parsed = activityFiltersSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, errors: firstErrorPerField<keyof ActivityFilters>(parsed.error) };
}

/** The query string for the same filters on another page. */
export function activityQuery(filters: Partial<ActivityFilters>, page: number): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "entityType", "entityId", "action", "from", "to"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** "staff_role.grant" → "Staff role grant"; "news_article" → "News article". */
export function humanise(name: string): string {
  const words = name.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
