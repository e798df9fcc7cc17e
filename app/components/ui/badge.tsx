import type { ReactNode } from "react";
import { cx } from "./cx";

export type BadgeTone = "accent" | "neutral" | "success" | "warning";

const tones: Record<BadgeTone, string> = {
  accent: "bg-accent text-white",
  neutral: "bg-surface-raised text-text border border-line",
  success: "bg-success/15 text-success",
  warning: "bg-warning/15 text-warning",
};

export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
