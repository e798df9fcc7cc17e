/**
 * What changed between two JSON values, field by field: the audit trail stores it beside
 * the full before and after, and the History and Activity screens show it.
 *
 * Plain objects are compared key by key, recursively; anything else (strings, numbers,
 * arrays, null) is compared whole, so a reordered list reads as one change rather than a
 * run of index-by-index edits nobody can follow.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type DiffEntry =
  | { path: string[]; kind: "added"; after: JsonValue }
  | { path: string[]; kind: "removed"; before: JsonValue }
  | { path: string[]; kind: "changed"; before: JsonValue; after: JsonValue };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!jsonEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/** The changes that turn `before` into `after`; empty when they are equal. Keys in sorted order. */
export function jsonDiff(before: JsonValue | undefined, after: JsonValue | undefined, path: string[] = []): DiffEntry[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path, kind: "added", after: after! }];
  if (after === undefined) return [{ path, kind: "removed", before }];
  if (isJsonObject(before) && isJsonObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => jsonDiff(before[key], after[key], [...path, key]));
  }
  return jsonEqual(before, after) ? [] : [{ path, kind: "changed", before, after }];
}

/**
 * A value as JSON would store it: dates become ISO strings, undefined fields disappear,
 * and bytes become a short note (an audit row is no place for an image).
 */
export function toJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => toJson(item));
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object") {
    const result: JsonObject = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) result[key] = toJson(item);
    return result;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value === "function" || typeof value === "symbol") return null;
  return value as JsonPrimitive;
}
