import { ARTICLE_STATES, type ArticleState } from "../article-states";
import type { DeskListFilter } from "../news-desk-reads.server";

/** The desk list's filters from the URL: ?q=…&state=…&page=…; anything unknown means "all", page 1. */
export function parseDeskFilter(params: URLSearchParams): DeskListFilter {
  const state = params.get("state") ?? "all";
  const page = Number(params.get("page") ?? "1");
  return {
    query: (params.get("q") ?? "").trim().slice(0, 100),
    state: (ARTICLE_STATES as readonly string[]).includes(state) ? (state as ArticleState) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function deskFilterSearch(filter: DeskListFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.state !== "all") params.set("state", filter.state);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
