import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { PauseButton } from "~/components/ui/pause-button";
import { usePrefersReducedMotion } from "~/components/use-prefers-reduced-motion";
import { SitePicture } from "~/components/site-picture";
import type { PictureImage } from "~/features/media/media";
import { SpoilerGuard, type SpoilerRound } from "~/features/spoiler-free/spoiler-guard";

export const HERO_ADVANCE_MS = 6000;

export interface HeroSlide {
  id: string;
  /** Where "Read more" goes. */
  href: string;
  title: string;
  subtitle: string;
  image: string;
  /** A photo from the media library, shown instead of `image` when chosen. */
  photo: PictureImage | null;
  /** The round of the article it leads to, and a title that names it: spoiler-free mode hides the slide's words with it (ADR 0143). */
  spoiler: { round: SpoilerRound; title: string } | null;
}

/**
 * The home page's three slides. Advances every 6 s, but not once the visitor
 * presses Pause slides, while the pointer or keyboard focus is on it, while the
 * tab is hidden, or for visitors who asked for reduced motion; the dots jump to
 * a slide.
 */
export function HeroSlider({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // The visitor's own choice (Pause slides), which pointing at the hero or leaving it does not undo.
  const [stopped, setStopped] = useState(false);
  const [hidden, setHidden] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (paused || stopped || hidden || reducedMotion || slides.length < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % slides.length), HERO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, paused, stopped, hidden, reducedMotion, slides.length]);

  if (slides.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Latest race reports"
      className="relative isolate overflow-hidden bg-ink"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div className="relative h-[min(78dvh,640px)] min-h-[420px]">
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${slides.length}`}
            aria-hidden={slideIndex !== index}
            inert={slideIndex !== index}
            className={cx("absolute inset-0 transition-opacity duration-700", slideIndex === index ? "opacity-100" : "opacity-0")}
          >
            <SitePicture
              photo={slide.photo}
              src={slide.image}
              alt=""
              decorative
              width={1920}
              height={1080}
              sizes="100vw"
              fetchPriority={slideIndex === 0 ? "high" : "low"}
              loading={slideIndex === 0 ? "eager" : "lazy"}
              className="absolute inset-0 -z-10 size-full object-cover"
            />
            <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/70 to-transparent" />
            <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-4 sm:px-6">
              <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Race Report</p>
              <SlideWords slide={slide}>
                <h2 className="mt-3 max-w-2xl text-4xl font-bold uppercase leading-tight sm:text-6xl">{slide.title}</h2>
                <p className="mt-4 max-w-xl text-base text-muted sm:text-lg">{slide.subtitle}</p>
                <div className="mt-8">
                  <Link to={slide.href} className={buttonClasses("primary", "lg")}>
                    Read More<span className="sr-only">: {slide.title}</span>
                  </Link>
                </div>
              </SlideWords>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-6 flex flex-wrap items-center justify-center gap-2 px-4">
        {!reducedMotion && slides.length > 1 && <PauseButton paused={stopped} onPausedChange={setStopped} what="slides" />}
        <div className="flex gap-2">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              aria-label={`Show slide ${slideIndex + 1}: ${slide.spoiler?.title ?? slide.title}`}
              aria-current={slideIndex === index}
              onClick={() => setIndex(slideIndex)}
              className="flex size-11 items-center justify-center"
            >
              <span
                className={cx("block h-2.5 rounded-full transition-all", slideIndex === index ? "w-8 bg-accent" : "w-2.5 bg-text/50")}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A slide's headline, words and link; an article's sit in spoiler-free mode's guard. */
function SlideWords({ slide, children }: { slide: HeroSlide; children: ReactNode }) {
  if (!slide.spoiler) return children;
  return (
    <SpoilerGuard rounds={[slide.spoiler.round]} what="Story" className="max-w-2xl">
      {children}
    </SpoilerGuard>
  );
}
