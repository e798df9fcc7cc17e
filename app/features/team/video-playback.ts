/** Each tile starts this much later than the one before it, so the videos do not all start at once. */
export const TILE_STAGGER_MS = 500;
/** A finished video holds its last frame this long before playing again from the start. */
export const TILE_RESTART_DELAY_MS = 3000;
/** A tile's video starts loading once the tile is this close to the viewport. */
export const TILE_PRELOAD_MARGIN = "200px";
/**
 * How long after a clip should have ended the tile stops waiting for its `ended` event and treats
 * it as ended: WebKit has left a clip on its last frame without one (once in eight runs).
 */
export const TILE_END_GRACE_MS = 1000;
/** A clip this close to its end (in seconds) when the grace runs out is at its end. */
const AT_END_SECONDS = 0.25;

export interface PlaybackTarget {
  /** Resolves when playback starts; rejects when the browser refuses (autoplay policy). */
  play(): Promise<void>;
  rewind(): void;
  /** Seconds left to play, or null while the clip's length is not known. */
  remaining(): number | null;
}

export interface PlaybackClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls back once on the visitor's next touch or click anywhere; returns a way to stop listening. */
  onNextGesture(callback: () => void): () => void;
}

export interface TilePlayback {
  /** The video is ready to load: start after this tile's stagger delay. */
  start(): void;
  /** The video is playing: it is restarted after its end even if `ended` never comes. */
  playing(): void;
  /** The video reached its end: restart it after the hold. */
  ended(): void;
  dispose(): void;
}

/**
 * When a team tile's video plays. Kept free of the DOM so the timing rules
 * can be tested without a browser; VideoTile wires it to a <video>.
 */
export function createTilePlayback(target: PlaybackTarget, clock: PlaybackClock, index: number): TilePlayback {
  const timers = new Set<unknown>();
  let stopWaitingForGesture: (() => void) | null = null;
  let disposed = false;
  let restartPending = false;
  let watchdog: unknown = null;

  function later(callback: () => void, ms: number) {
    const handle = clock.setTimeout(() => {
      timers.delete(handle);
      callback();
    }, ms);
    timers.add(handle);
    return handle;
  }

  function stopWatching() {
    if (watchdog === null) return;
    clock.clearTimeout(watchdog);
    timers.delete(watchdog);
    watchdog = null;
  }

  /** Checks once the clip should have ended; a clip still short of its end (stalled, say) is checked again later. */
  function watchForEnd() {
    stopWatching();
    const remaining = target.remaining();
    if (remaining === null) return;
    watchdog = later(
      () => {
        watchdog = null;
        const left = target.remaining();
        if (left !== null && left > AT_END_SECONDS) watchForEnd();
        else ended();
      },
      remaining * 1000 + TILE_END_GRACE_MS,
    );
  }

  function ended() {
    stopWatching();
    if (restartPending) return;
    restartPending = true;
    later(() => {
      restartPending = false;
      target.rewind();
      attemptPlay();
    }, TILE_RESTART_DELAY_MS);
  }

  function attemptPlay() {
    target.play().catch(() => {
      if (disposed || stopWaitingForGesture) return;
      // Browsers refuse autoplay until the visitor has interacted with the page.
      stopWaitingForGesture = clock.onNextGesture(() => {
        stopWaitingForGesture = null;
        attemptPlay();
      });
    });
  }

  return {
    start() {
      later(attemptPlay, index * TILE_STAGGER_MS);
    },
    playing: watchForEnd,
    ended,
    dispose() {
      disposed = true;
      for (const handle of timers) clock.clearTimeout(handle);
      timers.clear();
      stopWaitingForGesture?.();
      stopWaitingForGesture = null;
    },
  };
}
