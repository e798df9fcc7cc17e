import { useId, type ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { Link } from "react-router";
import { nextRound } from "~/lib/race-time";
import { roundLiveStatus } from "~/features/live/round-status";
import { roundPagePath } from "~/features/live/round-paths";
import { CircuitLayoutLink } from "./circuit-layout-link";
import { Countdown } from "./countdown";
import {
  COUNTDOWN_TICK_MS,
  formatMiles,
  formatRoundDates,
  seasonCompleteMessage,
  weekendStartTime,
  type FollowingSeason,
  type NextRaceRound,
} from "./schedule";
import { SessionSchedule } from "./session-schedule";
import { useNow } from "./use-now";

interface NextRacePanelProps {
  /** The season's rounds, or those not yet ended (see nextRaceRounds): the panel picks the next one by the clock. */
  season: { year: number; rounds: readonly NextRaceRound[]; nextSeason?: FollowingSeason | null };
  /** The server's clock as an ISO string: the first render uses it, then the browser's clock takes over. */
  initialNow: string;
  /** The calendar adds the round number and the circuit information. */
  variant?: "calendar" | "home";
  className?: string;
}

/** The first round whose end has not passed, with a live countdown; "Season Complete" when none remains. */
export function NextRacePanel({ season, initialNow, variant = "home", className }: NextRacePanelProps) {
  const now = useNow(initialNow, COUNTDOWN_TICK_MS);
  const round = nextRound(season.rounds, now);
  return (
    <div className={cx("overflow-hidden rounded-card border border-line bg-surface", className)}>
      {round ? (
        <NextRace round={round} now={now} variant={variant} />
      ) : (
        <SeasonComplete seasonYear={season.year} nextSeason={season.nextSeason ?? null} />
      )}
    </div>
  );
}

function NextRace({ round, now, variant }: { round: NextRaceRound; now: Date; variant: "calendar" | "home" }) {
  const labelId = useId();
  const nameId = useId();
  const startsAt = new Date(round.startsAt);
  const status = round.live ? roundLiveStatus(round.live, now) : null;
  return (
    <section aria-labelledby={`${labelId} ${nameId}`}>
      <div className="grid gap-6 p-4 sm:p-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-10">
        <div>
          <h2 id={labelId} className="font-sans text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">
            Next Race
            {variant === "calendar" && <span className="text-muted"> · Round {round.roundNumber}</span>}
          </h2>
          <h3 id={nameId} className="mt-2 text-2xl font-bold uppercase [overflow-wrap:anywhere] sm:text-4xl">
            {round.name}
          </h3>
          <p className="mt-1 text-muted">{round.circuit}</p>
          {status && (
            <p className="mt-3 font-semibold text-accent-text" data-live-status={status.phase}>
              {status.text}
            </p>
          )}
          <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-5 gap-y-2 text-sm">
            <Fact term="Date">
              <time dateTime={round.startDate}>{formatRoundDates(round)}</time>
            </Fact>
            <Fact term="Time">{weekendStartTime(round.sessions)}</Fact>
            <Fact term="Location">{round.location}</Fact>
          </dl>
          <div className="mt-6">
            <Countdown target={startsAt} now={now} />
          </div>
          <p className="mt-4">
            <Link
              to={roundPagePath(round.id)}
              aria-label={`${status ? "Follow the round live" : "Round page"}: ${round.name}`}
              className="inline-flex min-h-11 items-center font-semibold text-accent-text underline"
            >
              {status ? "Follow the round live" : "Round page"}
            </Link>
          </p>
        </div>
        <CircuitLayoutLink circuit={round.circuit} circuitUrl={round.circuitUrl} layoutImage={round.layoutImage} />
      </div>
      {round.sessions.length > 0 && (
        <PanelSection title="Weekend Schedule">
          <SessionSchedule sessions={round.sessions} />
        </PanelSection>
      )}
      {variant === "calendar" && (
        <PanelSection title="Circuit Information">
          <CircuitInformation round={round} />
        </PanelSection>
      )}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold uppercase tracking-wider text-muted">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-line px-4 py-6 sm:px-8">
      <h4 id={id} className="text-xl font-bold uppercase">
        {title}
      </h4>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function CircuitInformation({ round }: { round: NextRaceRound }) {
  const facts = [
    { term: "Length", value: formatMiles(round.circuitLengthMiles), unit: "miles" },
    { term: "Turns", value: String(round.circuitTurns), unit: "" },
    { term: "Race length", value: String(round.raceLengthMinutes), unit: "minutes" },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {facts.map((fact) => (
        <div key={fact.term} className="rounded-lg border border-line bg-ink px-3 py-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{fact.term}</dt>
          <dd className="mt-1">
            <span className="font-display text-2xl font-bold">{fact.value}</span>
            {fact.unit && <span className="text-sm text-muted"> {fact.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SeasonComplete({ seasonYear, nextSeason }: { seasonYear: number; nextSeason: FollowingSeason | null }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="p-6 text-center sm:p-10">
      <h2 id={id} className="text-3xl font-bold uppercase sm:text-4xl">
        Season Complete
      </h2>
      <p className="mt-3 text-muted sm:text-lg">{seasonCompleteMessage(seasonYear, nextSeason)}</p>
    </section>
  );
}
