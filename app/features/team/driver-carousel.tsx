import { memo, useCallback, useDeferredValue, useEffect, useRef, useState, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { DriverDetail } from "./driver-detail";
import type { DriverCard as DriverCardData, DriverDetailData } from "./drivers.server";
import { useDriverDetails, type DriverDetailState } from "./use-driver-details";
import { scrollBehavior } from "~/lib/motion";
import { SitePicture } from "~/components/site-picture";
import { DRIVER_PARAM } from "./driver-param";
import { PORTRAIT_SIZE } from "./portrait";
import { useDragScroll } from "./use-drag-scroll";
import { toggleButtonProps, useSelection } from "./use-selection";
import { InlineSpoilerGuard } from "~/features/spoiler-free/spoiler-guard";

/** Card width and gap of the strip, and how far Previous/Next move it. */
const DRIVER_CARD_WIDTH_PX = 300;
const DRIVER_CARD_GAP_PX = 16;
const DRIVER_SCROLL_STEP_PX = 300;

interface DriverCarouselProps {
  /** The detail panel's id: a link with ?driver= and this fragment lands on the open driver. */
  id: string;
  drivers: DriverCardData[];
  /** The detail of the driver named in the address (?driver=), which the page renders open. */
  openDriver: DriverDetailData | null;
  seasonYear: number;
  /** Below 768px, hide the stats and results behind "View Full Stats". */
  collapseStatsOnMobile?: boolean;
  /** Add achievements and career highlights to the detail. */
  showCareer?: boolean;
}

/**
 * A snap-scrolling strip of driver cards (drag it with a mouse, swipe it, or
 * use Previous/Next). Picking a card shows that driver's detail below; picking
 * it again hides it. One driver at a time. The page carries the cards only; a
 * driver's detail is fetched as soon as their card is pointed at, focused or
 * touched, so it is usually there by the time it is opened.
 */
export function DriverCarousel({ id, drivers, openDriver, seasonYear, collapseStatsOnMobile, showCareer }: DriverCarouselProps) {
  const [selectedId, toggle] = useSelection(DRIVER_PARAM);
  // The picked card answers the tap in the next frame; the detail, most of the work, follows as
  // soon as it is rendered (Interaction to Next Paint, issue 23).
  const shownId = useDeferredValue(selectedId);
  const { details, load } = useDriverDetails(openDriver);
  const carouselRef = useRef<HTMLFormElement>(null);
  const selected = drivers.find((driver) => driver.id === shownId);
  const open = useCallback(
    (driverId: string) => {
      load(driverId);
      toggle(driverId);
    },
    [load, toggle],
  );

  // The cards and the detail together: a detail taller than the window, scrolled into view alone,
  // took the focused card up under the fixed header. Together, the top (the cards) comes first.
  useEffect(() => {
    if (shownId) carouselRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: "nearest" });
  }, [shownId]);

  return (
    <form ref={carouselRef} method="get" action={`#${id}`}>
      <DriverStrip drivers={drivers} selectedId={selectedId} detailId={id} onToggle={open} onIntent={load} />
      <div id={id} className="mt-6">
        {selected && (
          <OpenDriver
            key={selected.id}
            driver={selected}
            detail={details[selected.id]}
            onRetry={() => load(selected.id)}
            seasonYear={seasonYear}
            collapseStatsOnMobile={collapseStatsOnMobile}
            showCareer={showCareer}
          />
        )}
      </div>
    </form>
  );
}

/** The open driver's detail, or what is happening while it loads. */
function OpenDriver({
  driver,
  detail,
  onRetry,
  ...detailProps
}: {
  driver: DriverCardData;
  detail: DriverDetailState | undefined;
  onRetry: () => void;
  seasonYear: number;
  collapseStatsOnMobile?: boolean;
  showCareer?: boolean;
}) {
  if (detail?.state === "ready") return <DriverDetail driver={detail.driver} {...detailProps} />;
  if (detail?.state === "error") {
    return (
      <div role="alert" className="rounded-card border border-danger/50 bg-danger/10 p-4 sm:p-6">
        <p>{`We couldn't load ${driver.name}'s details just now.`}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="rounded-card border border-line bg-surface p-4 text-muted sm:p-8">
      {`Loading ${driver.name}'s details…`}
    </p>
  );
}

interface DriverStripProps {
  drivers: DriverCardData[];
  selectedId: string | null;
  detailId: string;
  onToggle: (driverId: string) => void;
  /** The visitor may be about to open this driver: a good moment to fetch their detail. */
  onIntent: (driverId: string) => void;
}

function DriverStrip({ drivers, selectedId, detailId, onToggle, onIntent }: DriverStripProps) {
  const scrollerRef = useRef<HTMLUListElement>(null);
  const edges = useScrollEdges(scrollerRef);
  useDragScroll(scrollerRef);

  const step = (direction: -1 | 1) =>
    scrollerRef.current?.scrollBy({ left: direction * DRIVER_SCROLL_STEP_PX, behavior: scrollBehavior() });

  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <StepButton label="Previous drivers" direction={-1} disabled={edges.atStart} onClick={() => step(-1)} />
        <StepButton label="Next drivers" direction={1} disabled={edges.atEnd} onClick={() => step(1)} />
      </div>
      <ul
        ref={scrollerRef}
        aria-label="Drivers"
        className={cx(
          "-mx-4 flex snap-x snap-mandatory overflow-x-auto scroll-px-4 px-4 pb-4 select-none sm:-mx-6 sm:scroll-px-6 sm:px-6",
          "cursor-grab data-[dragging]:cursor-grabbing data-[dragging]:snap-none [scrollbar-width:thin]",
        )}
        style={{ gap: DRIVER_CARD_GAP_PX }}
      >
        {drivers.map((driver) => (
          <li
            key={driver.id}
            // From lg up exactly four cards fill the strip (a fixed 300 px left the fourth cut off at 1280 px).
            className="w-[min(300px,calc(100vw_-_3rem))] shrink-0 snap-start lg:w-[calc((100%_-_3*16px)/4)]"
          >
            <DriverCard driver={driver} selected={driver.id === selectedId} detailId={detailId} onToggle={onToggle} onIntent={onIntent} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Memoised: a tap re-renders the two cards whose state changed, not the whole strip. */
const DriverCard = memo(function DriverCard({
  driver,
  selected,
  detailId,
  onToggle,
  onIntent,
}: {
  driver: DriverCardData;
  selected: boolean;
  detailId: string;
  onToggle: (driverId: string) => void;
  onIntent: (driverId: string) => void;
}) {
  const intent = () => onIntent(driver.id);
  return (
    <button
      {...toggleButtonProps({ param: DRIVER_PARAM, value: driver.id, selected, controls: detailId, onToggle })}
      onPointerEnter={intent}
      onFocus={intent}
      onTouchStart={intent}
      className={cx(
        "group flex h-full w-full flex-col overflow-hidden rounded-card border bg-surface text-left transition-colors",
        selected ? "border-accent-text ring-2 ring-accent-text" : "border-line hover:border-muted",
      )}
    >
      <span className="relative block aspect-[4/5] overflow-hidden bg-surface-raised">
        <SitePicture
          photo={driver.photo}
          src={driver.image}
          alt=""
          decorative
          width={PORTRAIT_SIZE.width}
          height={PORTRAIT_SIZE.height}
          sizes={`(min-width: 64rem) ${DRIVER_CARD_WIDTH_PX}px, min(${DRIVER_CARD_WIDTH_PX}px, calc(100vw - 3rem))`}
          loading="lazy"
          draggable={false}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          objectPosition={driver.objectPosition}
        />
        <span aria-hidden="true" className="absolute left-4 top-3 font-display text-5xl font-bold text-white drop-shadow">
          {driver.number}
        </span>
      </span>
      <span className="flex flex-1 flex-col p-4">
        <span className="block text-xs font-semibold uppercase tracking-[0.2em] text-accent-text">{driver.racingClass}</span>
        <span className="mt-1 block font-display text-2xl font-bold uppercase leading-tight">{driver.name}</span>
        <span className="mt-1 block text-sm text-muted">{driver.role}</span>
        <span className="mt-auto flex items-center justify-between pt-3 text-sm">
          <InlineSpoilerGuard roundIds={driver.seasonRoundIds} cover="Points hidden">
            <span className="font-semibold">{`${driver.seasonPoints} pts`}</span>
          </InlineSpoilerGuard>
          <span className="text-muted">{selected ? "Hide details" : "View details"}</span>
        </span>
      </span>
    </button>
  );
});

function StepButton({ label, direction, disabled, onClick }: { label: string; direction: -1 | 1; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      // At either end one arrow is disabled; focus on it moves to the other (FocusFallback).
      data-focus-fallback=""
      className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface-raised hover:border-muted disabled:cursor-not-allowed disabled:opacity-40"
    >
      <span className="sr-only">{label}</span>
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        focusable="false"
      >
        <path d={direction < 0 ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/** Whether a horizontal scroller is at its start or end, kept up to date as it scrolls or resizes. */
function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const atStart = element.scrollLeft <= 1;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const frame = requestAnimationFrame(measure);
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [ref, measure]);

  return edges;
}
