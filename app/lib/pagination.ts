/*
 * The back office's lists, a page at a time: which page the address asks for, where that page
 * starts and how many pages there are. The links between pages are <Pagination>
 * (app/components/ui/pagination.tsx).
 */

/** The last page an address may ask for (a larger number asks for this one). */
export const MAX_PAGE = 10_000;

/** The page of `?page=`, from 1 to MAX_PAGE: anything else (missing, 0, words) is page 1, a larger number the last allowed. */
export function pageParam(params: URLSearchParams): number {
  return Math.min(Math.max(Number.parseInt(params.get("page") ?? "1", 10) || 1, 1), MAX_PAGE);
}

/** How many rows come before page `page` (from 1) of `pageSize` rows: the query's offset. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** How many pages `total` rows make, `pageSize` a page; an empty list is one (empty) page. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
