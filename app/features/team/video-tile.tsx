import { useEffect, useRef, useState, type ButtonHTMLAttributes } from "react";
import { cx } from "~/components/ui/cx";
import { SitePicture } from "~/components/site-picture";
import { buildPictureSources, type PictureImage } from "~/features/media/media";
import { prefersReducedMotion } from "~/lib/motion";
import { useClipsPaused } from "./clips-pause";
import { PORTRAIT_SIZE } from "./portrait";
import { createTilePlayback, TILE_PRELOAD_MARGIN, type PlaybackClock } from "./video-playback";

export interface VideoTileProps {
  name: string;
  role: string;
  /** The still: shown when there is no video, and as the video's poster. */
  image: string;
  /** The photo from the media library, shown (and used as the poster) instead of `image` when chosen. */
  photo?: PictureImage | null;
  video: string | null;
  /** The tile's place on the page; later tiles start their video later. */
  index: number;
  /** Makes the tile a button, such as the toggle for a detail panel (see toggleButtonProps). */
  button?: ButtonHTMLAttributes<HTMLButtonElement>;
  /** Highlights the tile and keeps its caption showing. */
  selected?: boolean;
  className?: string;
}

/**
 * A team member's portrait, with their looping video over it once the video plays, and their name
 * and role beneath: always in view, never over the face (ADR 0050). The still shows at once, so a
 * tile is never an empty box while its clip loads.
 */
export function VideoTile({ name, role, image, photo, video, index, button, selected = false, className }: VideoTileProps) {
  const frame = cx(
    "group relative block w-full overflow-hidden rounded-card border bg-surface-raised text-left",
    selected ? "border-accent-text ring-2 ring-accent-text" : "border-line",
    className,
  );
  const content = (
    <>
      <span className="relative block aspect-[4/5] overflow-hidden">
        <TileStill src={image} photo={photo} />
        {video && <TileVideo src={video} poster={posterOf(image, photo)} index={index} />}
      </span>
      <TileCaption as={button ? "span" : "figcaption"} name={name} role={role} selected={selected} />
    </>
  );
  if (!button) return <figure className={frame}>{content}</figure>;
  return (
    <button type="button" {...button} className={cx(frame, "cursor-pointer")}>
      {content}
    </button>
  );
}

const mediaClasses = "size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]";

/** A video's poster is one file: a library photo's middle-sized WebP, else the image path. */
function posterOf(image: string, photo: PictureImage | null | undefined): string {
  return photo?.kind === "upload" ? buildPictureSources(photo.variants).fallbackSrc : image;
}

const TILE_SIZES = "(min-width: 64rem) 25vw, 50vw";

function TileStill({ src, photo }: { src: string; photo: PictureImage | null | undefined }) {
  // The caption names the person, so the picture adds nothing for a screen reader.
  return (
    <SitePicture
      photo={photo}
      src={src}
      alt=""
      decorative
      width={PORTRAIT_SIZE.width}
      height={PORTRAIT_SIZE.height}
      sizes={TILE_SIZES}
      loading="lazy"
      className={mediaClasses}
    />
  );
}

interface TileCaptionProps {
  as: "span" | "figcaption";
  name: string;
  role: string;
  selected: boolean;
}

function TileCaption({ as: Caption, name, role, selected }: TileCaptionProps) {
  return (
    <Caption className={cx("block border-t px-3 py-3 sm:px-4", selected ? "border-accent-text" : "border-line")}>
      <span className="block font-display text-lg font-bold uppercase leading-tight sm:text-xl">{name}</span>
      <span className="mt-0.5 block text-xs font-semibold uppercase tracking-wider text-accent-text sm:text-sm">{role}</span>
    </Caption>
  );
}

const browserClock: PlaybackClock = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  onNextGesture(callback) {
    // touchend and click (not touchstart) are the events that let a page start media.
    const events = ["touchend", "click"] as const;
    const stop = () => events.forEach((type) => document.removeEventListener(type, onGesture, true));
    const onGesture = () => {
      stop();
      callback();
    };
    events.forEach((type) => document.addEventListener(type, onGesture, { capture: true, passive: true }));
    return stop;
  },
};

function TileVideo({ src, poster, index }: { src: string; poster: string; index: number }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [nearViewport, setNearViewport] = useState(false);
  // Until the clip plays, the still beneath it shows (some browsers paint a poster late, or black).
  const [playing, setPlaying] = useState(false);
  const paused = useClipsPaused();

  useEffect(() => {
    const video = ref.current;
    // With reduced motion the poster stays and the video is never fetched.
    if (!video || prefersReducedMotion()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNearViewport(true);
      },
      { rootMargin: TILE_PRELOAD_MARGIN },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video || !nearViewport) return;
    if (paused) {
      video.pause();
      return;
    }
    // React sets no muted attribute, and browsers only autoplay muted media.
    video.muted = true;
    const playback = createTilePlayback(
      {
        play: () => video.play(),
        rewind: () => {
          video.currentTime = 0;
        },
        remaining: () => (Number.isFinite(video.duration) ? Math.max(0, video.duration - video.currentTime) : null),
      },
      browserClock,
      index,
    );
    const onPlaying = () => playback.playing();
    const onEnded = () => playback.ended();
    video.addEventListener("playing", onPlaying);
    video.addEventListener("ended", onEnded);
    playback.start();
    return () => {
      video.removeEventListener("playing", onPlaying);
      video.removeEventListener("ended", onEnded);
      playback.dispose();
    };
  }, [nearViewport, index, paused]);

  return (
    <video
      ref={ref}
      src={nearViewport ? src : undefined}
      poster={poster}
      muted
      playsInline
      preload="none"
      width={PORTRAIT_SIZE.width}
      height={PORTRAIT_SIZE.height}
      aria-hidden="true"
      onPlaying={() => setPlaying(true)}
      className={cx(mediaClasses, "absolute inset-0 transition-opacity duration-500", playing ? "opacity-100" : "opacity-0")}
    />
  );
}
