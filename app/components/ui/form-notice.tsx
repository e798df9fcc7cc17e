import { useEffect, useRef, type ReactNode } from "react";
import { cx } from "~/components/ui/cx";

/**
 * The message above an account form after it was sent: red for what went
 * wrong, green for what was done, neutral for a note (such as why this page and not another). Focused when it appears, so screen-reader
 * and keyboard users land on it.
 */
export function FormNotice({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [children]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={cx(
        "mb-5 rounded-lg border px-4 py-3 text-sm font-medium outline-none",
        tone === "error" && "border-danger/50 bg-danger/10 text-danger",
        tone === "success" && "border-success/50 bg-success/10 text-success",
        tone === "info" && "border-line bg-surface-raised text-text",
      )}
    >
      {children}
    </p>
  );
}
