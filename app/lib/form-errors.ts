import type { z } from "~/lib/zod";

/** How a refused field is named: the first part of its path, or the whole path with dots (`classes.0.position`). */
export type FieldKey = "first part" | "dotted path";

/**
 * A refused form's messages, one per field: the first Zod gives for it. An issue about the input as
 * a whole (an empty path) is the "form"'s. Typed by the form's field names when given them.
 */
export function firstErrorPerField(error: z.ZodError, key?: FieldKey): Record<string, string>;
export function firstErrorPerField<Field extends string>(error: z.ZodError, key?: FieldKey): Partial<Record<Field, string>>;
export function firstErrorPerField(error: z.ZodError, key: FieldKey = "first part"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = key === "dotted path" ? issue.path.join(".") || "form" : String(issue.path[0] ?? "form");
    errors[name] ??= issue.message;
  }
  return errors;
}
