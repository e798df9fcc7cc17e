import type { SpoilerRound } from "~/features/spoiler-free/spoiler-guard";

/** The category of the articles that report a round's result. */
export const RACE_REPORTS = "Race Reports";

/** A round as the rule below needs it: its number and name, and its first day (YYYY-MM-DD, UK). */
export interface CalendarRound extends SpoilerRound {
  startDate: string;
}

/**
 * The round an article follows (ADR 0143): the latest round that had started by the day it was
 * published. Spoiler-free mode hides the article with that round. A race report is written after
 * its weekend and before the next round starts, so this is its round; a feature or an interview
 * published in the same weeks may tell the same result ("the wing that helped Hartley win at
 * Cadwell Park"), so it is hidden with it too. An article from before the first round follows
 * none.
 */
export function articleRoundOf(article: { publishedOn: string }, rounds: readonly CalendarRound[]): SpoilerRound | null {
  let found: CalendarRound | null = null;
  for (const round of rounds) {
    if (round.startDate <= article.publishedOn && (found === null || round.startDate > found.startDate)) found = round;
  }
  return found && { id: found.id, roundNumber: found.roundNumber, name: found.name };
}

/** What an article is called while its round is hidden: its headline might give the result away. */
export function hiddenArticleTitle(category: string, round: SpoilerRound): string {
  const where = `Round ${round.roundNumber}, ${round.name}`;
  return category === RACE_REPORTS ? `Race report: ${where}` : `${category} after ${where}`;
}

/** What the cover says is hidden: "Race report hidden", "Article hidden". */
export function hiddenArticleKind(category: string): string {
  return category === RACE_REPORTS ? "Race report" : "Article";
}
