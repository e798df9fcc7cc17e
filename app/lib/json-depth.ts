/**
 * Whether a parsed JSON value nests arrays and objects more than `limit` levels deep (a string,
 * number, boolean or null is 0 levels; `[]` and `{}` are 1). It walks with a stack of its own
 * rather than by recursion, so a hostile value 100,000 levels deep gets an answer: Zod's
 * recursive schemas, JSON.stringify and the site's own walkers all recurse, and overflow the
 * call stack long before that.
 */
export function jsonNestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: object; depth: number }[] = [];
  if (typeof value === "object" && value !== null) pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > limit) return true;
    for (const child of Array.isArray(next.value) ? next.value : Object.values(next.value)) {
      if (typeof child === "object" && child !== null) pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}
