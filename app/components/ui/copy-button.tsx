import { useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button, type ButtonProps } from "./button";

/**
 * Copies `text` to the clipboard and says so ("Copied") for a few seconds, in a live region a
 * screen reader reads. Shown only once the page has hydrated: without a script it could do
 * nothing, and the text beside it can still be selected and copied by hand.
 */
export function CopyButton({
  text,
  label,
  copiedLabel = "Copied",
  ...props
}: { text: string; label: string; copiedLabel?: string } & Omit<ButtonProps, "onClick" | "children">) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // A browser that refuses the clipboard (an old one, or a permission denied): select by hand.
      setState("failed");
    }
    setTimeout(() => setState("idle"), 4000);
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={copy} {...props}>
        {label}
      </Button>
      <span role="status" className="text-sm text-muted">
        {state === "copied" ? copiedLabel : state === "failed" ? "Your browser would not copy: select the text and copy it." : ""}
      </span>
    </span>
  );
}
