import { open, stat } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { partnerHitLogOffsets } from "../../../db/schema";
import { impressionsOfHitLine, wholeLines } from "./hit-log";
import type { PartnerCounter } from "./partner-counter.server";

const READ_MS = 3_000;
/** At most this much of the log per read; a backlog is worked through a read at a time. */
const MAX_READ_BYTES = 4 * 1024 * 1024;
/** One key for the advisory lock: one process reads the log at a time. */
const LOCK_KEY = 410_130;

/**
 * Reads nginx's log of partner hits (ADR 0130) from where the last read stopped and counts its
 * lines. The offset moves in a transaction holding an advisory lock, so with several processes
 * each line is read once; a rotated file (another inode, or shorter) is read from its start.
 */
export async function readPartnerHitLog(db: Database, file: string, counter: PartnerCounter): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return 0;
  }
  const inode = String(info.ino);
  // Counted only once the new offset has committed: a failed commit reads the same lines again
  // next time, and must not have counted them already.
  const read: Array<[placementId: string, partnerId: string]> = [];
  const counted = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`);
    const rows = (result as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!rows[0]?.locked) return 0;
    const [row] = await tx.select().from(partnerHitLogOffsets).where(eq(partnerHitLogOffsets.path, file)).for("update");
    const start = row && row.inode === inode && row.offset <= info.size ? row.offset : 0;
    if (start >= info.size && row) return 0;
    const length = Math.min(info.size - start, MAX_READ_BYTES);
    const buffer = Buffer.alloc(length);
    const handle = await open(file, "r");
    try {
      await handle.read(buffer, 0, length, start);
    } finally {
      await handle.close();
    }
    const { lines, bytes } = wholeLines(buffer);
    for (const line of lines) read.push(...impressionsOfHitLine(line));
    await tx
      .insert(partnerHitLogOffsets)
      .values({ path: file, inode, offset: start + bytes })
      .onConflictDoUpdate({ target: partnerHitLogOffsets.path, set: { inode, offset: start + bytes } });
    return read.length;
  });
  for (const [placementId, partnerId] of read) counter.add(partnerId, placementId, "impression");
  return counted;
}

export function startPartnerHitLog(
  db: Database,
  file: string,
  counter: PartnerCounter,
  options: { log: Pick<Logger, "warn">; intervalMs?: number },
) {
  let running: Promise<unknown> = Promise.resolve();
  const read = () => {
    running = running.then(() =>
      readPartnerHitLog(db, file, counter).catch((error: unknown) =>
        options.log.warn({ err: error, file }, "could not read nginx's log of partner hits"),
      ),
    );
    return running;
  };
  const timer = setInterval(read, options.intervalMs ?? READ_MS);
  timer.unref();
  return {
    /** No more reads on the timer; one last read, so what nginx logged before shutdown is in the counter's last batch. */
    stop: async () => {
      clearInterval(timer);
      await read();
    },
  };
}
