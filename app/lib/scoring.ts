/**
 * Championship points, computed from race positions only (content/README.md
 * states the rules; the spec's scoring legend is the source).
 */
export type RacePosition = number | "DNS" | "DNF" | "DSQ";

export interface RaceResult {
  position: RacePosition;
  fastestLap?: boolean;
}

export interface RoundEntry {
  roundId: string;
  races: RaceResult[];
  pole?: boolean;
  driverOfDay?: boolean;
}

/** Points for P1 to P12; every classified finisher after P12 scores ADDITIONAL_FINISHER_POINTS. */
export const POINTS_BY_POSITION = [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;
export const ADDITIONAL_FINISHER_POINTS = 1;
export const FASTEST_LAP_POINTS = 1;
/** How many of a driver's round scores count towards the championship. */
export const COUNTED_ROUNDS = 7;

export function isClassified(position: RacePosition): position is number {
  return typeof position === "number";
}

export function racePoints(result: RaceResult): number {
  if (!isClassified(result.position)) return 0;
  const forPosition = POINTS_BY_POSITION[result.position - 1] ?? ADDITIONAL_FINISHER_POINTS;
  return forPosition + (result.fastestLap ? FASTEST_LAP_POINTS : 0);
}

/** "P3", or "DNS" / "DNF" / "DSQ". */
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
  /** Outside the best COUNTED_ROUNDS scores, so not in the total. */
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
 * COUNTED_ROUNDS are dropped (ties: the earlier round goes first); a round
 * with a disqualification can never be dropped.
 */
export function scoreSeason(entries: readonly RoundEntry[]): SeasonScore {
  const rounds: ScoredRound[] = entries.map((entry) => {
    const races = entry.races.map((race) => ({ ...race, points: racePoints(race) }));
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

  const droppable = rounds
    .map((round, index) => ({ round, index }))
    .filter(({ round }) => !round.disqualified)
    .sort((a, b) => a.round.points - b.round.points || a.index - b.index);
  for (const { round } of droppable.slice(0, Math.max(0, rounds.length - COUNTED_ROUNDS))) round.dropped = true;

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
