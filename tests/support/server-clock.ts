import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Debian's libfaketime (package faketime), which CI installs. */
export const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
export const hasFakeClock = existsSync(LIBFAKETIME);

/**
 * A server's wall clock under the test's control (libfaketime reading a timestamp file): starts
 * at `start` and ticks in real time from there; `set` moves it, and the server's next reading of the clock
 * sees the new time (the file is read on every reading: slower, fine for one test server). Timers (monotonic) are left alone, so intervals still run at their real pace.
 * Pass `env` to the server.
 */
export interface ServerClock {
  env: Record<string, string>;
  set(instant: Date): void;
  close(): void;
}

export function serverClock(start: Date): ServerClock {
  const dir = mkdtempSync(path.join(tmpdir(), "server-clock-"));
  const file = path.join(dir, "faketime");
  const set = (instant: Date) => writeFileSync(file, `@${instant.toISOString().slice(0, 19).replace("T", " ")}\n`);
  set(start);
  return {
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      TZ: "UTC",
    },
    set,
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
