import { Link } from "react-router";
import { cx } from "~/components/ui/cx";
import { RevealRoundForm, SpoilerFreeForm } from "./spoiler-free-forms";
import { GuardFrame, SPOILER_FREE_FOCUS, SPOILER_FREE_PATH, SPOILER_FREE_SCOPE, type SpoilerRound } from "./spoiler-guard";

/** The end every fan's mode has: always the Monday after the weekend at 23:00 UK time. */
const ENDS = "Monday 23:00 UK time";

/**
 * Where a fan meets the mode on the pages with results (the round page, the calendar). Both its
 * states are in the page, which is the same for everyone; `<html data-spoiler-free>`, set by the
 * head script before the first paint, decides which one shows (site.css), so nothing changes when
 * the page hydrates. On a round's page it offers that round's reveal while the round is hidden.
 */
export function SpoilerFreeBar({ round, className }: { round?: SpoilerRound; className?: string }) {
  return (
    <div {...{ [SPOILER_FREE_SCOPE]: "" }} className={cx("rounded-card border border-line bg-surface px-4 py-3 text-sm", className)}>
      <div className="spoiler-free-off flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p {...{ [SPOILER_FREE_FOCUS]: "" }}>
          <span className="font-semibold">Watching later?</span>{" "}
          <span className="text-muted">Spoiler-free mode hides results and the ticker on every page until {ENDS}.</span>
        </p>
        <SpoilerFreeForm change={{ intent: "on" }} announcement={`Spoiler-free mode is on until ${ENDS}. Results are hidden.`}>
          Turn on spoiler-free mode
        </SpoilerFreeForm>
      </div>
      <div className="spoiler-free-on flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p {...{ [SPOILER_FREE_FOCUS]: "" }}>
          <span className="font-semibold">Spoiler-free mode is on</span>{" "}
          <span className="text-muted">until {ENDS}: results and the ticker are hidden.</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {round && (
            // The round's reveal while it is hidden; once revealed, the same place says so.
            <GuardFrame rounds={[round]} cover={<RevealRoundForm round={round} />}>
              <p className="flex min-h-9 items-center text-muted">{`Round ${round.roundNumber} revealed`}</p>
            </GuardFrame>
          )}
          <SpoilerFreeForm change={{ intent: "off" }} announcement="Spoiler-free mode is off. Every result is shown.">
            Turn off
          </SpoilerFreeForm>
          <Link to={SPOILER_FREE_PATH} className="inline-flex min-h-11 items-center font-semibold text-accent-text underline">
            Settings
          </Link>
        </div>
      </div>
    </div>
  );
}
