import { useId } from "react";
import { countdownTo } from "~/lib/race-time";
import { padCountdownValue } from "./schedule";

const UNITS = [
  { key: "days", label: "Days" },
  { key: "hours", label: "Hours" },
  { key: "minutes", label: "Minutes" },
  { key: "seconds", label: "Seconds" },
] as const;

/** Days, hours, minutes and seconds until `target`, held at zero once it has come. */
export function Countdown({ target, now }: { target: Date; now: Date }) {
  const labelId = useId();
  const remaining = countdownTo(target, now);
  const started = now.getTime() >= target.getTime();
  return (
    <div>
      <p id={labelId} className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">
        {started ? "Race weekend under way" : "Race weekend starts in"}
      </p>
      {/* role=timer is not announced on every tick, which is what a ticking clock needs. */}
      <div role="timer" aria-labelledby={labelId} className="mt-2 grid grid-cols-4 gap-1.5 sm:gap-2">
        {UNITS.map((unit) => (
          <div key={unit.key} className="rounded-lg border border-line bg-ink px-1 py-3 text-center">
            <span className="block font-display text-3xl font-bold tabular-nums sm:text-4xl">{padCountdownValue(remaining[unit.key])}</span>{" "}
            <span className="block text-[0.625rem] font-semibold uppercase text-muted sm:text-xs sm:tracking-wider">{unit.label}</span>{" "}
          </div>
        ))}
      </div>
    </div>
  );
}
