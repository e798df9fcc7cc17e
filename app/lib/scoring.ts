/**
 * Championship points, computed from race positions and the class's scoring
 * rules (content/README.md states them; the rules are versioned data in the
 * scoring_rules table, never typed-in points).
 */
/** A classified finishing position, or why the driver was not classified. */
export type RacePosition = number | "DNS" | "DNF" | "DSQ" | "NC";
export const UNCLASSIFIED_STATUSES = ["DNF", "DNS", "DSQ", "NC"] as const;
export type UnclassifiedStatus = (typeof UNCLASSIFIED_STATUSES)[number];

export interface RaceResult {
  /** After any time penalty: applying a time penalty to the order is the caller's job. */
  position: RacePosition;
  fastestLap?: boolean;
  /** Championship points deducted by the stewards for this race. */
  penaltyPoints?: number;
}

export interface RoundEntry {
  roundId: string;
  races: RaceResult[];
  pole?: boolean;
  driverOfDay?: boolean;
}

/** A class's scoring rules for a season (validated by scoringRulesSchema in scoring-rules.ts). */
export interface ScoringRules {
  /** Points for P1, P2, ... in class. */
  pointsByPosition: number[];
  /** Points for every classified finisher below the last position in pointsByPosition. */
  additionalFinisherPoints: number;
  fastestLapPoints: number;
  fastestLapNeedsClassifiedFinish: boolean;
  /** How many round scores count towards the total (the lowest others are dropped); null counts all. */
  countedRounds: number | null;
  /** Whether a round with a disqualification may be one of the dropped scores. */
  disqualifiedRoundDroppable: boolean;
  /** Equal totals: "countback" ranks on most wins, then most seconds, and so on. */
  tieBreak: "countback";
}

/** The team's championship legend since 2025 (spec: 15-12-10-...-1, +1 per additional finisher, +1 fastest lap, best 7). */
export const LEGEND_2025: ScoringRules = {
  pointsByPosition: [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  additionalFinisherPoints: 1,
  fastestLapPoints: 1,
  fastestLapNeedsClassifiedFinish: true,
  countedRounds: 7,
  disqualifiedRoundDroppable: false,
  tieBreak: "countback",
};

export function isClassified(position: RacePosition): position is number {
  return typeof position === "number";
}

export function racePoints(result: RaceResult, rules: ScoringRules): number {
  const penalty = result.penaltyPoints ?? 0;
  const classified = isClassified(result.position);
  const forPosition = classified ? (rules.pointsByPosition[(result.position as number) - 1] ?? rules.additionalFinisherPoints) : 0;
  const fastestLapScores = result.fastestLap && (classified || !rules.fastestLapNeedsClassifiedFinish);
  return forPosition + (fastestLapScores ? rules.fastestLapPoints : 0) - penalty;
}

/** "P3", or "DNS" / "DNF" / "DSQ" / "NC". */
export function formatPosition(position: RacePosition): string {
  return isClassified(position) ? `P${position}` : position;
}

export interface ScoredRound {
  roundId: string;
  races: Array<RaceResult & { points: number }>;
  points: number;
  pole: boolean;
  driverOfDay: boolean;
  disqualified: boolean;
  /** Outside the best countedRounds scores, so not in the total. */
  dropped: boolean;
}

export interface SeasonScore {
  rounds: ScoredRound[];
  total: number;
  wins: number;
  podiums: number;
  poles: number;
  fastestLaps: number;
}

/**
 * Scores a driver's season. The lowest round scores beyond the best
 * countedRounds are dropped (ties: the earlier round goes first); unless the
 * rules allow it, a round with a disqualification is never dropped.
 */
export function scoreSeason(entries: readonly RoundEntry[], rules: ScoringRules): SeasonScore {
  const rounds: ScoredRound[] = entries.map((entry) => {
    const races = entry.races.map((race) => ({ ...race, points: racePoints(race, rules) }));
    return {
      roundId: entry.roundId,
      races,
      points: races.reduce((sum, race) => sum + race.points, 0),
      pole: entry.pole ?? false,
      driverOfDay: entry.driverOfDay ?? false,
      disqualified: entry.races.some((race) => race.position === "DSQ"),
      dropped: false,
    };
  });

  if (rules.countedRounds !== null) {
    const droppable = rounds
      .map((round, index) => ({ round, index }))
      .filter(({ round }) => rules.disqualifiedRoundDroppable || !round.disqualified)
      .sort((a, b) => a.round.points - b.round.points || a.index - b.index);
    for (const { round } of droppable.slice(0, Math.max(0, rounds.length - rules.countedRounds))) round.dropped = true;
  }

  const allRaces = rounds.flatMap((round) => round.races);
  return {
    rounds,
    total: rounds.filter((round) => !round.dropped).reduce((sum, round) => sum + round.points, 0),
    wins: allRaces.filter((race) => race.position === 1).length,
    podiums: allRaces.filter((race) => isClassified(race.position) && race.position <= 3).length,
    poles: rounds.filter((round) => round.pole).length,
    fastestLaps: allRaces.filter((race) => race.fastestLap && isClassified(race.position)).length,
  };
}

/** How many times a season finished in each position: index 0 counts wins, 1 seconds, ... */
function finishCounts(season: Pick<SeasonScore, "rounds">): number[] {
  const counts: number[] = [];
  for (const race of season.rounds.flatMap((round) => round.races)) {
    if (isClassified(race.position)) counts[race.position - 1] = (counts[race.position - 1] ?? 0) + 1;
  }
  return counts;
}

/** Negative when a ranks ahead of b on countback (most wins, then most seconds, ...); 0 when level on every place. */
export function compareByCountback(a: Pick<SeasonScore, "rounds">, b: Pick<SeasonScore, "rounds">): number {
  const countsA = finishCounts(a);
  const countsB = finishCounts(b);
  for (let place = 0; place < Math.max(countsA.length, countsB.length); place += 1) {
    const difference = (countsB[place] ?? 0) - (countsA[place] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export interface StandingsRow<T> {
  entry: T;
  /** 1-based; drivers level on points and on countback share a position. */
  position: number;
}

/** Orders drivers by total, then countback; a tie that countback cannot break shares the position. */
export function rankStandings<T extends { season: Pick<SeasonScore, "rounds" | "total"> }>(entries: readonly T[]): StandingsRow<T>[] {
  const compare = (a: T, b: T) => b.season.total - a.season.total || compareByCountback(a.season, b.season);
  const sorted = [...entries].sort(compare);
  const rows: StandingsRow<T>[] = [];
  sorted.forEach((entry, index) => {
    const previous = rows[index - 1];
    const shared = previous !== undefined && compare(previous.entry, entry) === 0;
    rows.push({ entry, position: shared ? previous.position : index + 1 });
  });
  return rows;
}

/** The legend's race-points line: "15-12-...-1 per race for P1 to P12 in class, then +1 per additional finisher." */
export function describeRacePoints(rules: ScoringRules): string {
  return `${rules.pointsByPosition.join("-")} per race for P1 to P${rules.pointsByPosition.length} in class, then +${rules.additionalFinisherPoints} per additional finisher.`;
}
