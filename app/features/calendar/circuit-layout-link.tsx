import { cx } from "~/components/ui/cx";

// Every circuit layout SVG is drawn on an 800×500 viewBox.
const LAYOUT_WIDTH = 800;
const LAYOUT_HEIGHT = 500;

interface CircuitLayoutLinkProps {
  circuit: string;
  circuitUrl: string;
  layoutImage: string;
  /** Below the fold: load the image only when it is about to be seen. */
  lazy?: boolean;
  className?: string;
}

/** The circuit's layout, linking out to the circuit's own website in a new tab. */
export function CircuitLayoutLink({ circuit, circuitUrl, layoutImage, lazy = false, className }: CircuitLayoutLinkProps) {
  return (
    <a
      href={circuitUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(
        "group block overflow-hidden rounded-card border border-line bg-ink transition-colors hover:border-accent-text",
        className,
      )}
    >
      <img
        src={layoutImage}
        width={LAYOUT_WIDTH}
        height={LAYOUT_HEIGHT}
        alt={`${circuit} layout`}
        className="h-auto w-full"
        {...(lazy ? { loading: "lazy", decoding: "async" } : {})}
      />
      <span className="flex items-center justify-between gap-2 border-t border-line px-4 py-3 text-sm font-semibold">
        <span className="group-hover:text-accent-text">Visit circuit website</span>
        <span aria-hidden="true">↗</span>
        <span className="sr-only">(opens in a new tab)</span>
      </span>
    </a>
  );
}
