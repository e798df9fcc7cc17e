/** The news list's search and category filter: read from the URL, applied on the server. */

export const NEWS_CATEGORIES = ["All", "Race Reports", "Team News", "Technical", "Interviews", "Events"] as const;
export type NewsCategoryFilter = (typeof NEWS_CATEGORIES)[number];

export const MAX_QUERY_LENGTH = 100;

export interface NewsFilter {
  query: string;
  category: NewsCategoryFilter;
}

export interface FilterableArticle {
  title: string;
  excerpt: string;
  category: string;
}

// Rows written by the original backend stored this key instead of the label.
const categoryAliases: Record<string, string> = { race_report: "Race Reports" };

/** The label a stored category is shown and filtered under. */
export function categoryLabel(category: string): string {
  return categoryAliases[category] ?? category;
}

function isCategoryFilter(value: string): value is NewsCategoryFilter {
  return (NEWS_CATEGORIES as readonly string[]).includes(value);
}

/** `?q=…&category=…` to a filter; an unknown category means All. */
export function parseNewsFilter(params: URLSearchParams): NewsFilter {
  const category = params.get("category") ?? "";
  return {
    query: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    category: isCategoryFilter(category) ? category : "All",
  };
}

/** The search string for a filter ("" for no filter), leaving defaults out of the URL. */
export function newsFilterSearch(filter: NewsFilter): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.category !== "All") params.set("category", filter.category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isFiltered(filter: NewsFilter): boolean {
  return filter.query !== "" || filter.category !== "All";
}

/** Title or excerpt contains the query (case-insensitive), and the category is All or an exact match. */
export function matchesNewsFilter(article: FilterableArticle, filter: NewsFilter): boolean {
  const query = filter.query.toLocaleLowerCase("en-GB");
  const matchesQuery =
    article.title.toLocaleLowerCase("en-GB").includes(query) || article.excerpt.toLocaleLowerCase("en-GB").includes(query);
  const matchesCategory = filter.category === "All" || categoryLabel(article.category) === filter.category;
  return matchesQuery && matchesCategory;
}

export function filterArticles<T extends FilterableArticle>(articles: readonly T[], filter: NewsFilter): T[] {
  return articles.filter((article) => matchesNewsFilter(article, filter));
}
