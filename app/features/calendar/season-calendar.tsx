import { useDeferredValue, useId, useState, type MouseEvent, type ReactNode } from "react";
import { ChevronDownIcon } from "~/components/icons";
import { cx } from "~/components/ui/cx";
import { CircuitLayoutLink } from "./circuit-layout-link";
import { RoundResults } from "./round-results";
import { COUNTDOWN_TICK_MS, formatRoundDates, splitByCompletion } from "./schedule";
import type { Season, SeasonRound } from "./season.server";
import { SessionSchedule } from "./session-schedule";
import { useNow } from "./use-now";
import { Link } from "react-router";
import { roundLiveStatus } from "~/features/live/round-status";
import { roundPagePath } from "~/features/live/round-paths";
import { SpoilerGuard } from "~/features/spoiler-free/spoiler-guard";

/** The query parameter naming the open round, so rows open without JavaScript too. */
export const OPEN_ROUND_PARAM = "round";
/** The query parameter naming an archived season (the site's own season has none). */
export const SEASON_PARAM = "season";

const NOT_RECORDED = "Not recorded";

interface SeasonCalendarProps {
  season: Pick<Season, "year" | "rounds">;
  initialNow: string;
  /** The round open on arrival (from the URL), if any. */
  initialOpenRoundId: string | null;
  /** Set when the page shows a season other than the site's own, so opening a row keeps it. */
  seasonParam?: number | null;
}

/** The season's rounds, split by the clock into completed and upcoming; one row open at a time. */
export function SeasonCalendar({ season, initialNow, initialOpenRoundId, seasonParam = null }: SeasonCalendarProps) {
  const now = useNow(initialNow, COUNTDOWN_TICK_MS);
  const [openRoundId, setOpenRoundId] = useState(initialOpenRoundId);
  // The row's button answers the tap in the next frame; the details, most of the work (a results
  // table, the page below moving down), follow as soon as they are rendered (INP, ADR 0092).
  const shownRoundId = useDeferredValue(openRoundId);
  const { completed, upcoming } = splitByCompletion(season.rounds, now);
  const toggle = (roundId: string) => setOpenRoundId((current) => (current === roundId ? null : roundId));

  return (
    <section aria-labelledby="season-calendar-heading">
      <h2 id="season-calendar-heading" className="text-3xl font-bold uppercase sm:text-4xl">
        {season.year} Calendar
      </h2>
      <div className="mt-6 grid gap-10">
        <RoundGroup
          title="Completed Races"
          empty="No races completed yet."
          rounds={completed}
          seasonParam={seasonParam}
          openRoundId={openRoundId}
          shownRoundId={shownRoundId}
          onToggle={toggle}
          now={now}
          details={(round) => <CompletedRoundDetails round={round} />}
        />
        <RoundGroup
          title="Upcoming Races"
          empty={`The ${season.year} season is complete.`}
          rounds={upcoming}
          seasonParam={seasonParam}
          openRoundId={openRoundId}
          shownRoundId={shownRoundId}
          onToggle={toggle}
          now={now}
          details={(round) => <UpcomingRoundDetails round={round} />}
        />
      </div>
    </section>
  );
}

interface RoundGroupProps {
  title: string;
  empty: string;
  rounds: readonly SeasonRound[];
  seasonParam: number | null;
  openRoundId: string | null;
  /** The round whose details are shown: the open one, a frame or two after it opened. */
  shownRoundId: string | null;
  onToggle: (roundId: string) => void;
  now: Date;
  details: (round: SeasonRound) => ReactNode;
}

function RoundGroup({ title, empty, rounds, seasonParam, openRoundId, shownRoundId, onToggle, now, details }: RoundGroupProps) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xl font-bold uppercase text-muted">
        {title} <span className="text-base">({rounds.length})</span>
      </h3>
      {rounds.length === 0 ? (
        <p className="mt-3 text-muted">{empty}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {rounds.map((round) => (
            <RoundRow
              key={round.id}
              round={round}
              seasonParam={seasonParam}
              expanded={round.id === openRoundId}
              onToggle={() => onToggle(round.id)}
              // While a round's weekend runs, its row says where it stands ("Race 1 — running now").
              status={now.getTime() < Date.parse(round.endsAt) ? (roundLiveStatus(round.live, now)?.text ?? null) : null}
            >
              {round.id === openRoundId && round.id === shownRoundId ? details(round) : null}
            </RoundRow>
          ))}
        </ol>
      )}
    </section>
  );
}

interface RoundRowProps {
  round: SeasonRound;
  seasonParam: number | null;
  expanded: boolean;
  onToggle: () => void;
  status: string | null;
  children: ReactNode;
}

function RoundRow({ round, seasonParam, expanded, onToggle, status, children }: RoundRowProps) {
  const buttonId = `round-${round.id}-button`;
  const panelId = `round-${round.id}-details`;
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onToggle();
  };
  return (
    <li className={cx("rounded-card border bg-surface", expanded ? "border-accent-text/60" : "border-line")}>
      {/* Without JavaScript the button submits this form, and the server opens the row. The form
          holds the heading: a heading may not hold a form. */}
      <form method="get">
        {seasonParam !== null && <input type="hidden" name={SEASON_PARAM} value={seasonParam} />}
        <h4>
          <button
            id={buttonId}
            type="submit"
            name={OPEN_ROUND_PARAM}
            value={expanded ? "" : round.id}
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={toggle}
            className="flex w-full items-center gap-3 rounded-card px-4 py-4 text-left hover:bg-surface-raised sm:gap-4 sm:px-6"
          >
            <span className="w-8 shrink-0 font-display text-2xl font-bold text-accent-text sm:w-10 sm:text-3xl" aria-hidden="true">
              {round.roundNumber}
            </span>
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <span className="block text-xs font-semibold uppercase tracking-wider text-muted">
                <span className="sr-only">Round {round.roundNumber}, </span>
                {formatRoundDates(round)}
              </span>
              <span className="block font-display text-lg font-bold uppercase sm:text-2xl">{round.name}</span>
              <span className="block text-sm text-muted">{round.location}</span>
              {status && <span className="block text-sm font-semibold text-accent-text">{status}</span>}
            </span>
            <ChevronDownIcon className={cx("size-6 shrink-0 text-muted transition-transform", expanded && "rotate-180")} />
          </button>
        </h4>
      </form>
      {/* The details arrive a frame after the button turns (see shownRoundId): no empty panel meanwhile. */}
      {expanded && children !== null && (
        <div id={panelId} role="region" aria-labelledby={buttonId} className="border-t border-line px-4 py-5 sm:px-6">
          {children}
        </div>
      )}
    </li>
  );
}

function CompletedRoundDetails({ round }: { round: SeasonRound }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div>
        <DetailSection title="Results">
          <SpoilerGuard rounds={[round]} what="Results">
            <RoundResults results={round.results} />
          </SpoilerGuard>
        </DetailSection>
        <RoundPageLink round={round} />
      </div>
      <div className="flex flex-col gap-4">
        <CircuitLayoutLink circuit={round.circuit} circuitUrl={round.circuitUrl} layoutImage={round.layoutImage} lazy />
        <RoundConditions round={round} />
      </div>
    </div>
  );
}

function RoundConditions({ round }: { round: SeasonRound }) {
  const facts = [
    { term: "Circuit", value: round.circuit },
    { term: "Organiser", value: round.organizer },
    { term: "Weather", value: round.weather ?? NOT_RECORDED },
    {
      term: "Track temperature",
      value: round.trackTemperatureC === null ? NOT_RECORDED : `${round.trackTemperatureC}°C`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{fact.term}</dt>
          <dd className="mt-0.5">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UpcomingRoundDetails({ round }: { round: SeasonRound }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div>
        <DetailSection title="Schedule">
          {round.sessions.length > 0 ? (
            <SessionSchedule sessions={round.sessions} />
          ) : (
            <p className="text-muted">Schedule to be announced</p>
          )}
        </DetailSection>
        <RoundPageLink round={round} />
      </div>
      <CircuitLayoutLink circuit={round.circuit} circuitUrl={round.circuitUrl} layoutImage={round.layoutImage} lazy />
    </div>
  );
}

/** The round's own page: its sessions as they happen, the paddock ticker and each session's classification. */
function RoundPageLink({ round }: { round: SeasonRound }) {
  return (
    <p className="mt-3">
      <Link
        to={roundPagePath(round.id)}
        aria-label={`Round page: sessions, ticker and results of ${round.name}`}
        className="inline-flex min-h-11 items-center font-semibold text-accent-text underline"
      >
        Round page: sessions, ticker and results
      </Link>
    </p>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h5 id={id} className="mb-3 text-lg font-bold uppercase">
        {title}
      </h5>
      {children}
    </section>
  );
}
