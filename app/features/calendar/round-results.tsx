import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import { formatPosition } from "~/lib/scoring";
import { formatPoints } from "./schedule";
import type { SeasonRound } from "./season.server";

type RoundResult = SeasonRound["results"][number];

function byClass(results: readonly RoundResult[]) {
  const classes = new Map<string, RoundResult[]>();
  for (const result of results) classes.set(result.racingClass, [...(classes.get(result.racingClass) ?? []), result]);
  return [...classes].map(([racingClass, entries]) => ({ racingClass, entries }));
}

/** Our drivers' results in a round, class by class: positions and points per race, and the round's points. */
export function RoundResults({ results }: { results: readonly RoundResult[] }) {
  if (results.length === 0) return <p className="text-muted">Results will be published shortly.</p>;
  return (
    <div className="flex flex-col gap-4">
      {byClass(results).map((group) => (
        <ClassResults key={group.racingClass} racingClass={group.racingClass} entries={group.entries} />
      ))}
    </div>
  );
}

function ClassResults({ racingClass, entries }: { racingClass: string; entries: readonly RoundResult[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h6 id={id} className="text-sm font-bold uppercase tracking-[0.2em] text-accent-text">
        {racingClass}
      </h6>
      <ul className="mt-2 flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.driverId} className="rounded-lg border border-line bg-ink p-4">
            <DriverResult entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DriverResult({ entry }: { entry: RoundResult }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">
          <span className="mr-2 font-display text-lg text-accent-text">#{entry.driverNumber}</span>
          {entry.driverName}
        </p>
        <p className="text-sm">
          <span className="text-muted">Round points </span>
          <span className="font-bold">{formatPoints(entry.points)}</span>
        </p>
      </div>
      {(entry.pole || entry.driverOfDay || entry.provisional) && (
        <p className="mt-2 flex flex-wrap gap-2">
          {entry.provisional && <Badge tone="warning">Provisional result</Badge>}
          {entry.pole && <Badge>Pole position</Badge>}
          {entry.driverOfDay && <Badge>Driver of the Day</Badge>}
        </p>
      )}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {entry.races.map((race, index) => (
          <li key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-surface-raised px-3 py-2 text-sm">
            <span className="text-muted">{entry.races.length > 1 ? `Race ${index + 1}` : "Race"}</span>
            <span className="font-display text-lg font-bold">{formatPosition(race.position)}</span>
            {race.fastestLap && <Badge tone="warning">Fastest lap</Badge>}
            <span className="ml-auto tabular-nums">{formatPoints(race.points)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
