import { cx } from "./cx";

interface PauseButtonProps {
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
  /** What moves, in the plural: "slides" makes "Pause slides" and "Play slides". */
  what: string;
  className?: string;
}

/**
 * The one control that stops something moving by itself (WCAG 2.2.2): the hero's slides, the team
 * clips, the merchandise strip. Its name says what a press does next; a part that moves only while
 * motion is allowed shows it only then (usePrefersReducedMotion).
 */
export function PauseButton({ paused, onPausedChange, what, className }: PauseButtonProps) {
  return (
    <button
      type="button"
      onClick={() => onPausedChange(!paused)}
      className={cx(
        "inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-ink/80 px-4 text-sm font-semibold uppercase tracking-wide hover:border-accent-text",
        className,
      )}
    >
      <span aria-hidden="true" className="text-xs">
        {paused ? "▶" : "❚❚"}
      </span>
      {paused ? `Play ${what}` : `Pause ${what}`}
    </button>
  );
}
