import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTilePlayback, TILE_END_GRACE_MS, TILE_RESTART_DELAY_MS, TILE_STAGGER_MS, type PlaybackClock } from "./video-playback";

function fakeVideo(outcomes: Array<"play" | "refuse"> = []) {
  const calls: string[] = [];
  return {
    calls,
    /** Seconds left to play, as the test sets them. */
    secondsLeft: 5 as number | null,
    play: vi.fn(() => {
      calls.push("play");
      return (outcomes.shift() ?? "play") === "play" ? Promise.resolve() : Promise.reject(new Error("NotAllowedError"));
    }),
    rewind: vi.fn(() => calls.push("rewind")),
    remaining() {
      return this.secondsLeft;
    },
  };
}

function fakeClock() {
  const gestureListeners = new Set<() => void>();
  const clock: PlaybackClock = {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onNextGesture(callback) {
      gestureListeners.add(callback);
      return () => gestureListeners.delete(callback);
    },
  };
  return {
    clock,
    gestureListeners,
    touch() {
      for (const listener of [...gestureListeners]) {
        gestureListeners.delete(listener);
        listener();
      }
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("createTilePlayback", () => {
  it("staggers the start by 500 ms per tile index", () => {
    const { clock } = fakeClock();
    const videos = [fakeVideo(), fakeVideo(), fakeVideo()];
    videos.forEach((video, index) => createTilePlayback(video, clock, index).start());

    vi.advanceTimersByTime(0);
    expect(videos.map((video) => video.play.mock.calls.length)).toEqual([1, 0, 0]);
    vi.advanceTimersByTime(TILE_STAGGER_MS - 1);
    expect(videos[1]!.play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(videos.map((video) => video.play.mock.calls.length)).toEqual([1, 1, 0]);
    vi.advanceTimersByTime(TILE_STAGGER_MS);
    expect(videos.map((video) => video.play.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("holds the last frame for 3 seconds after the end, then plays again from the start", () => {
    const { clock } = fakeClock();
    const video = fakeVideo();
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    vi.advanceTimersByTime(0);

    playback.ended();
    vi.advanceTimersByTime(TILE_RESTART_DELAY_MS - 1);
    expect(video.calls).toEqual(["play"]);
    vi.advanceTimersByTime(1);
    expect(video.calls).toEqual(["play", "rewind", "play"]);
  });

  it("restarts a clip whose end passed without an ended event, after the same hold", () => {
    const { clock } = fakeClock();
    const video = fakeVideo();
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    vi.advanceTimersByTime(0);
    video.secondsLeft = 5;
    playback.playing();

    // The clip reaches its last frame and stays there: no ended event.
    video.secondsLeft = 0;
    vi.advanceTimersByTime(5000 + TILE_END_GRACE_MS - 1);
    expect(video.calls).toEqual(["play"]);
    vi.advanceTimersByTime(1 + TILE_RESTART_DELAY_MS - 1);
    expect(video.calls).toEqual(["play"]);
    vi.advanceTimersByTime(1);
    expect(video.calls).toEqual(["play", "rewind", "play"]);
  });

  it("restarts once when the ended event does come, and watches the next play through", () => {
    const { clock } = fakeClock();
    const video = fakeVideo();
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    vi.advanceTimersByTime(0);
    playback.playing();
    vi.advanceTimersByTime(5000);
    video.secondsLeft = 0;
    playback.ended();
    vi.advanceTimersByTime(TILE_END_GRACE_MS + TILE_RESTART_DELAY_MS);
    expect(video.calls).toEqual(["play", "rewind", "play"]);

    video.secondsLeft = 5;
    playback.playing();
    video.secondsLeft = 0;
    vi.advanceTimersByTime(5000 + TILE_END_GRACE_MS + TILE_RESTART_DELAY_MS);
    expect(video.calls).toEqual(["play", "rewind", "play", "rewind", "play"]);
  });

  it("does not restart a clip that is still short of its end (stalled while loading)", () => {
    const { clock } = fakeClock();
    const video = fakeVideo();
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    vi.advanceTimersByTime(0);
    playback.playing();
    video.secondsLeft = 3;
    vi.advanceTimersByTime(5000 + TILE_END_GRACE_MS + TILE_RESTART_DELAY_MS);
    expect(video.calls).toEqual(["play"]);
    // It plays on and reaches the end: now it is restarted.
    video.secondsLeft = 0;
    vi.advanceTimersByTime(3000 + TILE_END_GRACE_MS + TILE_RESTART_DELAY_MS);
    expect(video.calls).toEqual(["play", "rewind", "play"]);
  });

  it("retries once on the next touch or click when autoplay is refused", async () => {
    const { clock, gestureListeners, touch } = fakeClock();
    const video = fakeVideo(["refuse", "play"]);
    createTilePlayback(video, clock, 0).start();
    await vi.advanceTimersByTimeAsync(0);

    expect(video.play).toHaveBeenCalledTimes(1);
    expect(gestureListeners.size).toBe(1);
    touch();
    await vi.advanceTimersByTimeAsync(0);
    expect(video.play).toHaveBeenCalledTimes(2);
    expect(gestureListeners.size).toBe(0);
  });

  it("waits for another gesture when the retry is refused too, with one listener at a time", async () => {
    const { clock, gestureListeners, touch } = fakeClock();
    const video = fakeVideo(["refuse", "refuse", "play"]);
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    await vi.advanceTimersByTimeAsync(0);
    playback.ended();
    await vi.advanceTimersByTimeAsync(TILE_RESTART_DELAY_MS);
    expect(gestureListeners.size).toBe(1);

    touch();
    await vi.advanceTimersByTimeAsync(0);
    expect(gestureListeners.size).toBe(0);
    expect(video.play).toHaveBeenCalledTimes(3);
  });

  it("stops its timers and gesture listener when disposed", async () => {
    const { clock, gestureListeners } = fakeClock();
    const refused = fakeVideo(["refuse"]);
    const refusedPlayback = createTilePlayback(refused, clock, 0);
    refusedPlayback.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(gestureListeners.size).toBe(1);
    refusedPlayback.dispose();
    expect(gestureListeners.size).toBe(0);

    const waiting = fakeVideo();
    const waitingPlayback = createTilePlayback(waiting, clock, 3);
    waitingPlayback.start();
    waitingPlayback.dispose();
    await vi.advanceTimersByTimeAsync(10 * TILE_STAGGER_MS);
    expect(waiting.play).not.toHaveBeenCalled();
  });

  it("does not wait for a gesture when playback is refused after disposal", async () => {
    const { clock, gestureListeners } = fakeClock();
    let refuse: (reason: Error) => void = () => {};
    const video = { play: () => new Promise<void>((_, reject) => (refuse = reject)), rewind: () => {}, remaining: () => null };
    const playback = createTilePlayback(video, clock, 0);
    playback.start();
    await vi.advanceTimersByTimeAsync(0);
    playback.dispose();
    refuse(new Error("AbortError"));
    await vi.advanceTimersByTimeAsync(0);
    expect(gestureListeners.size).toBe(0);
  });
});
