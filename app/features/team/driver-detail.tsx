import { useId, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { describeRacePoints, formatPosition, type ScoringRules } from "~/lib/scoring";
import type { DriverDetailData } from "./drivers.server";
import { SitePicture } from "~/components/site-picture";
import { PORTRAIT_SIZE } from "./portrait";
import { splitParagraphs } from "./text";
import { hydrateLater } from "~/components/hydrate-later";
import { InlineSpoilerGuard, SpoilerGuard } from "~/features/spoiler-free/spoiler-guard";

// A link to /notifications in the server's HTML: its script comes after the page's first (ADR 0093).
const NotifyMe = hydrateLater(() => import("~/features/push/notify-me").then((m) => m.NotifyMe));

type DriverSeason = DriverDetailData["season"];

interface DriverDetailProps {
  driver: DriverDetailData;
  seasonYear: number;
  /** Below 768px, hide the stats and results behind a "View Full Stats" toggle. */
  collapseStatsOnMobile?: boolean;
  /** Add the panel with achievements and career highlights. */
  showCareer?: boolean;
}

/** A driver's bio, season stats and results, all computed from the stored results. */
export function DriverDetail({ driver, seasonYear, collapseStatsOnMobile = true, showCareer = false }: DriverDetailProps) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4 sm:p-8">
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="font-display text-5xl font-bold text-accent-text" aria-hidden="true">
          #{driver.number}
        </span>
        <div>
          <h3 id={headingId} className="text-3xl font-bold uppercase sm:text-4xl">
            {driver.name}
          </h3>
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">
            <span className="sr-only">Number {driver.number}, </span>
            {driver.role}
          </p>
        </div>
        <NotifyMe
          className="w-full sm:ml-auto sm:w-auto"
          request={{ kinds: ["session", "result"], driverId: driver.id }}
          about={driver.name}
        />
      </header>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_14rem] lg:gap-10">
        <div className="max-w-3xl space-y-4 leading-relaxed text-muted">
          {splitParagraphs(driver.bio).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <SitePicture
          photo={driver.photo}
          src={driver.image}
          alt={driver.name}
          width={PORTRAIT_SIZE.width}
          height={PORTRAIT_SIZE.height}
          sizes="14rem"
          className="hidden aspect-[4/5] w-full rounded-lg border border-line bg-surface-raised object-cover lg:block"
          objectPosition={driver.objectPosition}
        />
      </div>
      <FullStats collapsible={collapseStatsOnMobile}>
        {/* Counted over every round so far: hidden while any of them is (spoiler-free mode). Inside the carousel's form, so no reveal form of its own. */}
        <SpoilerGuard rounds={seasonRoundsOf(driver.season)} what="Season stats" reveal={false}>
          <DriverStats season={driver.season} />
        </SpoilerGuard>
        <SeasonResults season={driver.season} seasonYear={seasonYear} driverName={driver.name} />
      </FullStats>
      {showCareer && <CareerPanel achievements={driver.achievements} careerHighlights={driver.careerHighlights} />}
    </article>
  );
}

/** The season's rounds as spoiler-free mode names them. */
function seasonRoundsOf(season: DriverSeason) {
  return season.rounds.map((round) => ({ id: round.roundId, roundNumber: round.roundNumber, name: round.roundName }));
}

function FullStats({ collapsible, children }: { collapsible: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-8">
      {collapsible && (
        <Button
          variant="secondary"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          View Full Stats
          <svg
            viewBox="0 0 24 24"
            width="16"
            height="16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
            focusable="false"
            className={cx("transition-transform", open && "rotate-180")}
          >
            <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Button>
      )}
      <div id={panelId} className={cx("space-y-8", collapsible && "max-md:mt-6", collapsible && !open && "max-md:hidden")}>
        {children}
      </div>
    </div>
  );
}

function DriverStats({ season }: { season: DriverSeason }) {
  const stats = [
    { label: "Wins", value: season.wins },
    { label: "Podiums", value: season.podiums },
    { label: "Poles", value: season.poles },
    { label: "Fast Laps", value: season.fastestLaps },
    { label: "Points", value: season.total },
  ];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="sr-only">
        Season stats
      </h4>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse rounded-lg border border-line bg-surface-raised px-2 py-3 text-center last:col-span-2 sm:last:col-span-1"
          >
            <dt className="whitespace-nowrap text-[0.7rem] font-semibold uppercase tracking-wider text-muted sm:text-xs">{stat.label}</dt>
            <dd className="font-display text-3xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SeasonResults({ season, seasonYear, driverName }: { season: DriverSeason; seasonYear: number; driverName: string }) {
  if (season.rounds.length === 0) {
    return <p className="text-muted">{`No results recorded in ${seasonYear} yet.`}</p>;
  }
  const raceColumns = Math.max(...season.rounds.map((round) => round.races.length));
  const roundIds = season.rounds.map((round) => round.roundId);
  return (
    <div>
      <div className="relative overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-left text-sm">
          <caption className="border-b border-line bg-surface-raised px-3 py-3 text-left font-display text-lg font-bold uppercase sm:px-4">
            {`${seasonYear} Results`}
            <span className="sr-only">{` for ${driverName}`}</span>
          </caption>
          <thead className="text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                Round
              </th>
              {Array.from({ length: raceColumns }, (_, index) => (
                <th key={index} scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  {`Race ${index + 1}`}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-semibold sm:px-4">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {season.rounds.map((round) => (
              <tr key={round.roundId} className="border-t border-line">
                <th scope="row" className="px-3 py-2.5 font-medium sm:px-4">
                  <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                    <span>
                      <span className="text-muted">{`R${round.roundNumber} `}</span>
                      {round.roundName}
                    </span>
                    {(round.pole || round.driverOfDay || round.provisional) && (
                      <InlineSpoilerGuard roundIds={[round.roundId]} cover="">
                        <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                          {round.pole && <Marker label="pole position">Pole</Marker>}
                          {round.driverOfDay && <Marker label="driver of the day">DotD</Marker>}
                          {round.provisional && <Marker label="provisional result, not yet final">Provisional</Marker>}
                        </span>
                      </InlineSpoilerGuard>
                    )}
                  </span>
                </th>
                {Array.from({ length: raceColumns }, (_, index) => {
                  const race = round.races[index];
                  return (
                    <td key={index} className="px-2 py-2.5 sm:px-3">
                      {race ? (
                        <InlineSpoilerGuard roundIds={[round.roundId]} cover="Hidden">
                          <span className={cx(markerStack, "items-start")}>
                            <span className={cx("font-semibold", race.position === "DSQ" && "text-danger")}>
                              {formatPosition(race.position)}
                              {race.position === "DSQ" && <span className="sr-only"> (disqualified)</span>}
                            </span>
                            {race.fastestLap && <Marker label="fastest lap">FL</Marker>}
                          </span>
                        </InlineSpoilerGuard>
                      ) : (
                        <>
                          <span aria-hidden="true" className="text-muted">
                            –
                          </span>
                          <span className="sr-only">No race</span>
                        </>
                      )}
                    </td>
                  );
                })}
                <td className="px-3 py-2.5 text-right sm:px-4">
                  {/* A round is dropped by the scores of the others: it counts them all. */}
                  <InlineSpoilerGuard roundIds={round.dropped ? roundIds : [round.roundId]} cover="Hidden">
                    {round.dropped ? (
                      <span className={cx(markerStack, "items-end sm:justify-end")}>
                        <s className="text-muted">{round.points}</s>
                        <Marker label="dropped score, not counted">Dropped</Marker>
                      </span>
                    ) : (
                      <span className="font-semibold">{round.points}</span>
                    )}
                  </InlineSpoilerGuard>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-line bg-surface-raised">
              <th scope="row" colSpan={raceColumns + 1} className="px-3 py-3 font-semibold sm:px-4">
                {season.scoring?.countedRounds ? `Total (best ${season.scoring.countedRounds} rounds)` : "Total"}
              </th>
              <td className="px-3 py-3 text-right font-display text-xl font-bold sm:px-4">
                <InlineSpoilerGuard roundIds={roundIds} cover="Hidden">
                  {season.total}
                </InlineSpoilerGuard>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {season.scoring && <ScoringLegend rules={season.scoring} />}
    </div>
  );
}

/** A value with its markers: stacked on phones so the table fits, side by side from 640px. */
const markerStack = "flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-1.5";

function Marker({ label, children }: { label: string; children: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-block whitespace-nowrap rounded bg-surface-raised px-1.5 py-0.5 align-middle text-[0.65rem] font-bold uppercase tracking-wider text-accent-text"
      >
        {children}
      </span>
      <span className="sr-only">{` (${label})`}</span>
    </>
  );
}

function ScoringLegend({ rules }: { rules: ScoringRules }) {
  return (
    <section className="mt-4">
      <h4 className="text-xs font-bold uppercase tracking-[0.2em] text-muted">Scoring legend</h4>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-xs text-muted sm:grid-cols-2">
        <LegendEntry term="Race points">{describeRacePoints(rules)}</LegendEntry>
        <LegendEntry term="FL">{`Fastest lap in class: +${rules.fastestLapPoints} point${rules.fastestLapPoints === 1 ? "" : "s"}.`}</LegendEntry>
        {rules.countedRounds !== null && (
          <LegendEntry term="Dropped">{`Only the best ${rules.countedRounds} round scores count; the rest are dropped.`}</LegendEntry>
        )}
        <LegendEntry term="DNS / DNF">Did not start / did not finish: no points.</LegendEntry>
        <LegendEntry term="DSQ">
          {rules.disqualifiedRoundDroppable ? "Disqualified: no points." : "Disqualified: no points, and that round can never be dropped."}
        </LegendEntry>
        <LegendEntry term="Pole / DotD">Pole position / Driver of the Day.</LegendEntry>
      </dl>
    </section>
  );
}

function LegendEntry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-bold uppercase tracking-wider text-accent-text">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CareerPanel({ achievements, careerHighlights }: { achievements: string[]; careerHighlights: string[] }) {
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-2">
      <CareerList title="Achievements" items={achievements} />
      <CareerList title="Career Highlights" items={careerHighlights} />
    </div>
  );
}

function CareerList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="rounded-lg border border-line bg-surface-raised p-5">
      <h4 className="font-display text-xl font-bold uppercase">{title}</h4>
      <ul className="mt-3 space-y-2 text-sm text-muted">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
