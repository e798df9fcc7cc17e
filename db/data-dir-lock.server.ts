import { randomUUID } from "node:crypto";
import { readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

/**
 * The lock that keeps a second process off an embedded (PGlite) data directory
 * (docs/decisions/0042). proper-lockfile makes it (an atomic mkdir of `<dir>.lock`, its mtime
 * refreshed every 2 s, stale after 10 s without); inside it we write who holds it, so that a lock
 * left by a process that died (kill -9, OOM) is recognised at once rather than after 10 s.
 */
const STALE_MS = 10_000;
const OWNER_FILE = "owner.json";

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is already open in another process. ` +
        "Stop that process first, or give this one its own DATA_DIR (or a DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

/** Who holds a lock: a process id means something only on the same machine and in the same PID namespace. */
export interface LockOwner {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux), so a lock from before a reboot is not judged by a reused pid. */
  bootId: string | null;
  /** The PID namespace (Linux): a container's pids say nothing about another container's. */
  pidNamespace: string | null;
  /** When the process started, in clock ticks after boot (Linux): tells a reused pid from the owner. */
  startTime: string | null;
}

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function processStartTime(pid: number): string | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, "utf8"));
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

export function currentOwner(pid = process.pid): LockOwner {
  return {
    pid,
    host: hostname(),
    bootId: readOrNull(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    pidNamespace: readOrNull(() => readlinkSync("/proc/self/ns/pid")),
    startTime: processStartTime(pid),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the recorded owner has certainly ended: on this machine and in this PID namespace, and
 * its pid is gone or now belongs to a process that started at another time. Anything we cannot
 * tell (another host or container, no /proc) counts as alive, and only the mtime makes it stale.
 */
export function ownerHasEnded(owner: LockOwner, here: LockOwner = currentOwner()): boolean {
  if (owner.host !== here.host || owner.bootId !== here.bootId || owner.pidNamespace !== here.pidNamespace) return false;
  if (!isAlive(owner.pid)) return true;
  if (owner.startTime === null) return false;
  const startTime = processStartTime(owner.pid);
  return startTime !== null && startTime !== owner.startTime;
}

function readOwner(lockPath: string): LockOwner | null {
  const text = readOrNull(() => readFileSync(path.join(lockPath, OWNER_FILE), "utf8"));
  if (text === null) return null;
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === "number" && typeof owner.host === "string" ? owner : null;
  } catch {
    return null;
  }
}

const sameOwner = (a: LockOwner | null, b: LockOwner | null) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Moves a dead owner's lock aside and deletes it. The rename is atomic, so of two processes
 * starting at once only one takes it; the owner is read again from the moved directory, and a
 * lock that turns out to be someone else's (taken meanwhile) is put back.
 */
function removeDeadLock(lockPath: string, dead: LockOwner): boolean {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  if (!sameOwner(readOwner(aside), dead)) {
    try {
      renameSync(aside, lockPath);
    } catch {
      // A third process holds the lock now; the moved one was live, so leave it for its owner to find gone.
    }
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  return true;
}

function isStaleByTime(lockPath: string): boolean {
  try {
    return statSync(lockPath).mtimeMs < Date.now() - STALE_MS;
  } catch {
    return true;
  }
}

/** Locks `dataDir` for the life of this process; resolves with the function that unlocks it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  const take = async () => {
    const release = await lockfile.lock(dataDir, { stale: STALE_MS, update: 2_000, retries: 0, realpath: false, lockfilePath: lockPath });
    try {
      // Adding the file changes the directory's mtime, which proper-lockfile watches as its own:
      // put the mtime back, or it would think the lock taken from it.
      const { atime, mtime } = statSync(lockPath);
      writeFileSync(path.join(lockPath, OWNER_FILE), JSON.stringify(currentOwner()));
      utimesSync(lockPath, atime, mtime);
    } catch (error) {
      await release();
      throw error;
    }
    return async () => {
      // proper-lockfile removes the lock with rmdir, which needs it empty.
      rmSync(path.join(lockPath, OWNER_FILE), { force: true });
      await release();
    };
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await take();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ELOCKED: held. ENOTEMPTY: proper-lockfile found it stale by time but cannot rmdir our owner file.
      if (code !== "ELOCKED" && code !== "ENOTEMPTY") throw error;
      const owner = readOwner(lockPath);
      const dead = owner !== null && (ownerHasEnded(owner) || (code === "ENOTEMPTY" && isStaleByTime(lockPath) && !isAliveHere(owner)));
      if (attempt > 0 || !dead || !removeDeadLock(lockPath, owner)) throw new DataDirLockedError(dataDir);
    }
  }
}

/** Provably running on this machine: a lock it holds is respected even if its mtime went stale (a stalled event loop). */
function isAliveHere(owner: LockOwner): boolean {
  const here = currentOwner();
  return (
    owner.host === here.host && owner.bootId === here.bootId && owner.pidNamespace === here.pidNamespace && !ownerHasEnded(owner, here)
  );
}
