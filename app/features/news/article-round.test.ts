import { describe, expect, it } from "vitest";
import { articleRoundOf, hiddenArticleTitle, type CalendarRound } from "./article-round";

const rounds: CalendarRound[] = [
  { id: "2025-r1", roundNumber: 1, name: "Silverstone International", startDate: "2025-04-05" },
  { id: "2025-r2", roundNumber: 2, name: "Anglesey Coastal", startDate: "2025-05-10" },
  { id: "2026-r1", roundNumber: 1, name: "Donington Park", startDate: "2026-04-04" },
];

describe("the round an article follows", () => {
  it("is the latest round started by the article's day, whatever the season or the order given", () => {
    expect(articleRoundOf({ publishedOn: "2025-05-12" }, rounds)?.id).toBe("2025-r2");
    expect(articleRoundOf({ publishedOn: "2025-05-10" }, rounds)?.id).toBe("2025-r2");
    expect(articleRoundOf({ publishedOn: "2025-05-09" }, rounds)?.id).toBe("2025-r1");
    expect(articleRoundOf({ publishedOn: "2026-01-20" }, rounds)?.id).toBe("2025-r2");
    expect(articleRoundOf({ publishedOn: "2026-04-05" }, [...rounds].reverse())).toEqual({
      id: "2026-r1",
      roundNumber: 1,
      name: "Donington Park",
    });
  });

  it("is none for an article before any round", () => {
    expect(articleRoundOf({ publishedOn: "2025-01-01" }, rounds)).toBeNull();
    expect(articleRoundOf({ publishedOn: "2025-05-12" }, [])).toBeNull();
  });
});

describe("a hidden article's title", () => {
  it("names the round, not the result", () => {
    const round = { id: "2025-r7", roundNumber: 7, name: "Cadwell Park" };
    expect(hiddenArticleTitle("Race Reports", round)).toBe("Race report: Round 7, Cadwell Park");
    expect(hiddenArticleTitle("Technical", round)).toBe("Technical after Round 7, Cadwell Park");
  });
});
