import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LinkButton } from "~/components/ui/link-button";
import { PauseButton } from "~/components/ui/pause-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { usePrefersReducedMotion } from "~/components/use-prefers-reduced-motion";
import { formatPence } from "~/lib/money";
import { PRODUCT_IMAGE_SIZE, categoryLabel, isOnSale, productPath, type ProductView } from "./store-view";

/** The spec's strip speed: half a pixel per animation frame. */
const PIXELS_PER_FRAME = 0.5;

export type MerchStripProduct = Pick<ProductView, "id" | "slug" | "name" | "category" | "pricePence" | "originalPricePence" | "image">;

interface MerchStripProps {
  products: MerchStripProduct[];
  /** The shipping line from the shipping rule (shippingNotice). */
  shippingPerk: string;
}

/**
 * Home section 10, Exclusive Merchandise: a looping strip of products from the
 * catalogue (featured first), each linking to its product page. It moves half a
 * pixel per frame, stops while pointed at or focused, has a pause button, and
 * stays still (and scrolls by hand) for visitors who ask for less motion.
 */
export function MerchStrip({ products, shippingPerk }: MerchStripProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // Only on screen does it move: a strip far down the home page once ran a frame loop from the
  // first paint on, which delayed every tap at the top of the page (issue 23's INP test).
  const [onScreen, setOnScreen] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  const moving = !reducedMotion && !paused && !hovered && onScreen && products.length > 1;

  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !moving) return;
    // The list is drawn twice; after one copy has gone by, start again where it began. Its width
    // is read when it changes, not in every frame, where the read forced a layout each time.
    let half = track.scrollWidth / 2;
    const resized = new ResizeObserver(() => (half = track.scrollWidth / 2));
    resized.observe(track);
    let frame = requestAnimationFrame(function step() {
      offset.current = half > 0 ? (offset.current + PIXELS_PER_FRAME) % half : 0;
      track.style.transform = `translate3d(${-offset.current}px, 0, 0)`;
      frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
    };
  }, [moving]);

  useEffect(() => {
    if (reducedMotion && trackRef.current) {
      offset.current = 0;
      trackRef.current.style.transform = "";
    }
  }, [reducedMotion]);

  if (products.length === 0) return null;
  const copies = reducedMotion ? [products] : [products, products];
  return (
    <section aria-labelledby="merch-heading" className="py-16">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <SectionHeading id="merch-heading" eyebrow="Team store" title="Exclusive Merchandise" />
        {!reducedMotion && products.length > 1 && <PauseButton paused={paused} onPausedChange={setPaused} what="strip" className="mb-8" />}
      </div>
      <div
        className={reducedMotion ? "overflow-x-auto" : "overflow-hidden"}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
      >
        <ul ref={trackRef} className="flex w-max gap-4 px-4 will-change-transform sm:px-6" data-testid="merch-strip">
          {copies.map((copy, copyIndex) =>
            copy.map((product) => (
              <li key={`${copyIndex}-${product.id}`} className="w-60 shrink-0" aria-hidden={copyIndex > 0 ? true : undefined}>
                <Link
                  to={productPath(product)}
                  tabIndex={copyIndex > 0 ? -1 : undefined}
                  className="block overflow-hidden rounded-card border border-line bg-surface transition-colors hover:border-accent-text"
                >
                  <img
                    src={product.image}
                    alt=""
                    width={PRODUCT_IMAGE_SIZE.width}
                    height={PRODUCT_IMAGE_SIZE.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full bg-surface-raised object-cover"
                  />
                  <span className="block p-4">
                    <span className="block text-xs font-semibold uppercase tracking-[0.2em] text-accent-text">
                      {categoryLabel(product.category)}
                    </span>
                    <span className="mt-1 block font-bold leading-tight">{product.name}</span>
                    <span className="mt-2 flex items-baseline gap-2">
                      <span className="font-display text-xl font-bold">{formatPence(product.pricePence)}</span>
                      {isOnSale(product) && product.originalPricePence !== null && (
                        <span className="text-sm text-muted line-through">
                          <span className="sr-only">Was </span>
                          {formatPence(product.originalPricePence)}
                        </span>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            )),
          )}
        </ul>
      </div>
      <div className="mx-auto mt-8 flex max-w-7xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <ul className="flex flex-col gap-2 text-sm text-muted sm:flex-row sm:gap-6">
          {[shippingPerk, "256-bit encrypted card payments", "30-day returns guarantee"].map((perk) => (
            <li key={perk}>
              <span aria-hidden="true" className="mr-2 text-success">
                ✓
              </span>
              {perk}
            </li>
          ))}
        </ul>
        <LinkButton to="/store" variant="secondary">
          Visit the Store
        </LinkButton>
      </div>
    </section>
  );
}
