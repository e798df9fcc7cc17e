import { useEffect, useId, useState } from "react";
import { cx } from "~/components/ui/cx";
import { buttonClasses } from "~/components/ui/button";
import { formatSessionDay, TIME_TO_BE_ANNOUNCED } from "~/features/calendar/schedule";
import { useNow } from "~/features/calendar/use-now";
import {
  classificationsOf,
  SESSION_PHASE_LABELS,
  sessionPhase,
  type ClassificationView,
  type ClassifiedRow,
  type LiveRound,
  type SessionPhase,
  type SessionView,
  type TickerPostView,
} from "./live-round";
import { labelsOf, visitorTimeOf, type TimeLabels } from "./live-times";
import { useLiveRound, type LiveConnection } from "./use-live-round";
import { SpoilerGuard, type SpoilerRound } from "~/features/spoiler-free/spoiler-guard";

/** How often the page re-reads the clock, so a session follows its timetable while nobody taps. */
const CLOCK_TICK_MS = 15_000;

export interface LiveRoundPageProps {
  initial: LiveRound;
  /** When the server rendered `initial` (ISO). */
  asOf: string;
  labels: TimeLabels;
  /** Where each session's calendar file is. */
  sessionIcsPath: (sessionId: string) => string;
  /** Whether to follow the round's live events (`followsLive`): false for a round weeks away or long over. */
  followLive: boolean;
  /** The round, as spoiler-free mode names it: its results and ticker are hidden while it is. */
  spoilerRound: SpoilerRound;
}

/** The round as it happens: sessions with their phases, the paddock ticker and the results. */
export function LiveRoundBody({ initial, asOf: renderedAt, labels, sessionIcsPath, followLive, spoilerRound }: LiveRoundPageProps) {
  const { round, connection, asOf } = useLiveRound(initial, renderedAt, followLive);
  const now = useNow(renderedAt, CLOCK_TICK_MS);
  return (
    <>
      <ConnectionLine connection={connection} asOf={asOf} labels={labels} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-10">
          <Sessions round={round} now={now} labels={labels} sessionIcsPath={sessionIcsPath} />
          <Results round={round} labels={labels} spoilerRound={spoilerRound} />
        </div>
        <Ticker posts={round.ticker} sessions={round.sessions} labels={labels} spoilerRound={spoilerRound} />
      </div>
    </>
  );
}

/** Always one line tall: "Live" while events arrive, "As of 14:32" when not, so nothing jumps when the stream connects. */
function ConnectionLine({ connection, asOf, labels }: { connection: LiveConnection; asOf: string; labels: TimeLabels }) {
  return (
    <p className="flex min-h-6 items-center gap-2 text-sm" role="status">
      {connection === "live" ? (
        <>
          <span className="size-2 rounded-full bg-success" aria-hidden="true" />
          <span>Live: updates appear as they happen</span>
        </>
      ) : (
        <span className="text-muted">As of {labelsOf(labels, asOf).clock} UK time</span>
      )}
    </p>
  );
}

function phaseText(phase: SessionPhase, issues: readonly ClassificationView[], labels: TimeLabels): string {
  const latest = issues.at(-1);
  if (phase === "reissued" && latest) return `${SESSION_PHASE_LABELS.reissued} (version ${latest.version})`;
  if ((phase === "provisional" || phase === "final") && latest)
    return `${SESSION_PHASE_LABELS[phase]} (issued ${labelsOf(labels, latest.issuedAt).clock})`;
  return SESSION_PHASE_LABELS[phase];
}

const PHASE_TONES: Record<SessionPhase, string> = {
  scheduled: "border-line text-muted",
  running: "border-success text-success",
  red_flag: "border-danger text-danger",
  finished: "border-line text-text",
  provisional: "border-accent-text text-accent-text",
  final: "border-accent-text text-accent-text",
  reissued: "border-accent-text text-accent-text",
};

function Sessions({
  round,
  now,
  labels,
  sessionIcsPath,
}: {
  round: LiveRound;
  now: Date;
  labels: TimeLabels;
  sessionIcsPath: (id: string) => string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold uppercase">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-muted">Times are UK time.</p>
      {round.sessions.length === 0 ? (
        <p className="mt-4 text-muted">The schedule is to be announced.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {round.sessions.map((session) => {
            const issues = classificationsOf(round, session.id);
            const phase = sessionPhase(session, issues, now);
            return (
              <li key={session.id} className="rounded-card border border-line bg-surface p-4" data-session={session.id}>
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <h3 className="text-lg font-bold uppercase">{session.name}</h3>
                    <SessionTime session={session} />
                  </div>
                  <p className={cx("rounded-full border px-3 py-1 text-sm font-semibold", PHASE_TONES[phase])} data-phase={phase}>
                    {phaseText(phase, issues, labels)}
                  </p>
                </div>
                {session.startsAt && (
                  <a
                    href={sessionIcsPath(session.id)}
                    aria-label={`Add to calendar: ${session.name}`}
                    className={cx(buttonClasses("secondary", "sm"), "mt-3")}
                    download
                  >
                    Add to calendar
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The UK time, and beneath it on a line kept for it, the visitor's own when it differs (known only after hydration). */
function SessionTime({ session }: { session: SessionView }) {
  const [visitorTime, setVisitorTime] = useState<string | null>(null);
  useEffect(() => {
    if (!session.startsAt || !session.time) return;
    // After hydration, not during it: the first Intl formatter costs a slow phone's main thread (ADR 0112).
    const timer = window.setTimeout(() => setVisitorTime(visitorTimeOf(session.startsAt!, session.time!)), 0);
    return () => window.clearTimeout(timer);
  }, [session.startsAt, session.time]);
  return (
    <p className="text-sm">
      <span className="text-muted">{formatSessionDay(session.date)}, </span>
      <span className="tabular-nums">{session.time ? `${session.time} UK time` : TIME_TO_BE_ANNOUNCED}</span>
      <span className="block min-h-5 text-muted tabular-nums">{visitorTime}</span>
    </p>
  );
}

function Ticker({
  posts,
  sessions,
  labels,
  spoilerRound,
}: {
  posts: readonly TickerPostView[];
  sessions: readonly SessionView[];
  labels: TimeLabels;
  spoilerRound: SpoilerRound;
}) {
  const id = useId();
  const sessionName = (sessionId: string | null) => sessions.find((session) => session.id === sessionId)?.name ?? null;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-2xl font-bold uppercase">
        Paddock ticker
      </h2>
      {/* Every post, and each one that arrives later, sits in the guard: a post may give a result away. */}
      <SpoilerGuard rounds={[spoilerRound]} what="Ticker" className="mt-4">
        {posts.length === 0 ? (
          <p className="text-muted">Updates from the paddock appear here during the weekend.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-live="polite" aria-relevant="additions">
            {posts.map((post) => {
              const at = labelsOf(labels, post.postedAt);
              const name = sessionName(post.sessionId);
              return (
                <li key={post.id} className="rounded-card border border-line bg-surface p-4" data-post={post.id}>
                  <p className="text-xs font-semibold uppercase tracking-wider text-muted">
                    <time dateTime={post.postedAt}>{at.clock}</time>
                    {name && <span> · {name}</span>}
                    {post.editedAt && <span> · edited</span>}
                  </p>
                  {post.kind === "position" && post.driver && post.position !== null && (
                    <p className="mt-1 text-lg font-bold">
                      P{post.position}{" "}
                      <span className="font-normal">
                        #{post.driver.number} {post.driver.name}
                      </span>
                    </p>
                  )}
                  {post.photo && (
                    <img
                      src={post.photo.src}
                      srcSet={post.photo.srcSet}
                      sizes="(min-width: 64rem) 24rem, 100vw"
                      alt={post.photo.alt}
                      width={post.photo.width}
                      height={post.photo.height}
                      loading="lazy"
                      decoding="async"
                      className="mt-2 h-auto max-h-96 w-auto max-w-full rounded-lg"
                    />
                  )}
                  {post.body && <p className="mt-1 [overflow-wrap:anywhere]">{post.body}</p>}
                </li>
              );
            })}
          </ol>
        )}
      </SpoilerGuard>
    </section>
  );
}

function Results({ round, labels, spoilerRound }: { round: LiveRound; labels: TimeLabels; spoilerRound: SpoilerRound }) {
  const id = useId();
  const withResults = round.sessions.filter((session) => classificationsOf(round, session.id).length > 0);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold uppercase">
        Results
      </h2>
      <SpoilerGuard rounds={[spoilerRound]} what="Results" className="mt-4">
        {withResults.length === 0 ? (
          <p className="text-muted">Each session&apos;s classification appears here as soon as it is issued.</p>
        ) : (
          <div className="flex flex-col gap-8">
            {withResults.map((session) => {
              const issues = classificationsOf(round, session.id);
              const current = issues.at(-1)!;
              const superseded = issues.slice(0, -1).reverse();
              return (
                <section key={session.id} aria-label={`${session.name} results`} className="min-w-0">
                  <h3 className="text-lg font-bold uppercase">{session.name}</h3>
                  <ClassificationTable issue={current} caption={`${session.name}: ${issueLine(current, labels)}`} />
                  {superseded.map((issue) => (
                    <details key={issue.version} className="mt-3 rounded-card border border-line">
                      <summary className="cursor-pointer px-4 py-3 text-sm">
                        <span className="font-semibold">Superseded:</span> {issueLine(issue, labels)}
                      </summary>
                      <div className="px-4 pb-4">
                        <ClassificationTable issue={issue} caption={`${session.name}: ${issueLine(issue, labels)}, superseded`} />
                      </div>
                    </details>
                  ))}
                </section>
              );
            })}
          </div>
        )}
      </SpoilerGuard>
    </section>
  );
}

function issueLine(issue: ClassificationView, labels: TimeLabels): string {
  const status = issue.status === "final" ? "Final" : "Provisional";
  return `${status}, version ${issue.version}, issued ${labelsOf(labels, issue.issuedAt).full}${issue.note ? `. ${issue.note}` : ""}`;
}

function positionCell(row: ClassifiedRow): string {
  return row.position === null ? row.status : String(row.position);
}

function ClassificationTable({ issue, caption }: { issue: ClassificationView; caption: string }) {
  return (
    <div className="mt-2 overflow-x-auto rounded-card border border-line" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-muted">{caption}</caption>
        <thead className="text-xs uppercase tracking-wider text-muted">
          <tr>
            {["Pos", "No", "Class", "Driver", "Car", "Laps", "Time", "Gap", "Best"].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line border-t border-line">
          {issue.rows.map((row, index) => (
            <tr key={`${row.carNumber}-${index}`} className={cx(row.driverId && "bg-accent/10 font-semibold")}>
              <td className="px-3 py-2 tabular-nums">{positionCell(row)}</td>
              <td className="px-3 py-2 tabular-nums">{row.carNumber}</td>
              <td className="px-3 py-2">{row.racingClass}</td>
              <th scope="row" className="px-3 py-2 text-left font-[inherit]">
                {row.driverName}
                {row.driverId && <span className="block text-xs uppercase text-accent-text">Our driver</span>}
              </th>
              <td className="px-3 py-2">{row.car}</td>
              <td className="px-3 py-2 tabular-nums">{row.laps ?? ""}</td>
              <td className="px-3 py-2 tabular-nums">{row.time}</td>
              <td className="px-3 py-2 tabular-nums">{row.gap}</td>
              <td className="px-3 py-2 tabular-nums">{row.bestLap}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type { SessionPhase };
