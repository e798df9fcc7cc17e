import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  filterArticles,
  isFiltered,
  MAX_QUERY_LENGTH,
  matchesNewsFilter,
  newsFilterSearch,
  parseNewsFilter,
  type NewsFilter,
} from "./news-filter";

const articles = [
  {
    id: "opener",
    title: "Hartley Wins at Silverstone",
    excerpt: "Pole and victory on the International layout.",
    category: "Race Reports",
  },
  { id: "aero", title: "Inside the F3A Aero Upgrade", excerpt: "How the new front wing found downforce.", category: "Technical" },
  { id: "legacy", title: "Rain at Anglesey", excerpt: "Marsh takes second in the wet.", category: "race_report" },
  { id: "launch", title: "Introducing Female Side", excerpt: "A programme for women drivers.", category: "Team News" },
];

const ids = (filter: NewsFilter) => filterArticles(articles, filter).map((article) => article.id);

describe("matchesNewsFilter", () => {
  it("matches everything with no query and All", () => {
    expect(ids({ query: "", category: "All" })).toEqual(["opener", "aero", "legacy", "launch"]);
  });

  it("matches the title or the excerpt as a case-insensitive substring", () => {
    expect(ids({ query: "hARTLEY", category: "All" })).toEqual(["opener"]);
    expect(ids({ query: "front wing", category: "All" })).toEqual(["aero"]);
    expect(ids({ query: "wings", category: "All" })).toEqual([]);
  });

  it("does not search other fields", () => {
    expect(ids({ query: "Technical", category: "All" })).toEqual([]);
  });

  it("filters by exact category, with the backend's race_report key counted as Race Reports", () => {
    expect(ids({ query: "", category: "Race Reports" })).toEqual(["opener", "legacy"]);
    expect(ids({ query: "", category: "Team News" })).toEqual(["launch"]);
    expect(ids({ query: "", category: "Events" })).toEqual([]);
  });

  it("requires both the query and the category to hold", () => {
    expect(ids({ query: "marsh", category: "Race Reports" })).toEqual(["legacy"]);
    expect(ids({ query: "marsh", category: "Technical" })).toEqual([]);
    expect(matchesNewsFilter(articles[1]!, { query: "aero", category: "Technical" })).toBe(true);
  });
});

describe("parseNewsFilter", () => {
  it("reads q and category from the URL", () => {
    expect(parseNewsFilter(new URLSearchParams("q=%20Hartley%20&category=Race+Reports"))).toEqual({
      query: "Hartley",
      category: "Race Reports",
    });
  });

  it("falls back to no query and All for missing or unknown values", () => {
    expect(parseNewsFilter(new URLSearchParams())).toEqual({ query: "", category: "All" });
    expect(parseNewsFilter(new URLSearchParams("category=race reports"))).toEqual({ query: "", category: "All" });
  });

  it("caps the query length", () => {
    const filter = parseNewsFilter(new URLSearchParams({ q: "x".repeat(500) }));
    expect(filter.query).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("newsFilterSearch", () => {
  it("leaves defaults out of the URL", () => {
    expect(newsFilterSearch({ query: "", category: "All" })).toBe("");
    expect(newsFilterSearch({ query: "aero upgrade", category: "All" })).toBe("?q=aero+upgrade");
    expect(newsFilterSearch({ query: "", category: "Team News" })).toBe("?category=Team+News");
  });

  it("round-trips through parseNewsFilter", () => {
    const filter: NewsFilter = { query: "R&D 50%", category: "Technical" };
    expect(parseNewsFilter(new URLSearchParams(newsFilterSearch(filter)))).toEqual(filter);
  });
});

describe("isFiltered", () => {
  it("is true when a query or a category is set", () => {
    expect(isFiltered({ query: "", category: "All" })).toBe(false);
    expect(isFiltered({ query: "a", category: "All" })).toBe(true);
    expect(isFiltered({ query: "", category: "Events" })).toBe(true);
  });
});

describe("categoryLabel", () => {
  it("shows the backend key as Race Reports and other categories as stored", () => {
    expect(categoryLabel("race_report")).toBe("Race Reports");
    expect(categoryLabel("Interviews")).toBe("Interviews");
  });
});
