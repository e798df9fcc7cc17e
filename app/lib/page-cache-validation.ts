/**
 * How a route tells the server's page cache (server/page-cache.ts) that its page shows data that
 * changes all the time: the response names a validator, and the cache serves its copy only while
 * the validator reads the same as before the page was rendered (ADR 0054). The header is the
 * server's own and never leaves it.
 */
export const PAGE_CACHE_VALIDATE_HEADER = "x-page-cache-validate";

/** The validators the server knows. */
export const PAGE_VALIDATORS = {
  /** Every size's stock: any sale, release, refund or desk change alters it. */
  stock: "stock",
} as const;

export type PageValidatorName = (typeof PAGE_VALIDATORS)[keyof typeof PAGE_VALIDATORS];

/** Response headers saying the page depends on these validators. */
export function validatedBy(...names: PageValidatorName[]): Record<string, string> {
  return { [PAGE_CACHE_VALIDATE_HEADER]: names.join(",") };
}
