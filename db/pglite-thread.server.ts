/**
 * The embedded database on a thread of its own (ADR 21). PGlite runs PostgreSQL compiled to
 * WebAssembly, synchronously, on the thread that calls it: in the main thread every query
 * stops every request for as long as it runs. Here PGlite lives in a worker thread
 * (db/pglite-worker.mjs) and this client sends it each query as a message, so the database and
 * the HTTP handling run on two cores at once.
 *
 * It offers the part of PGlite's interface that Drizzle's PGlite driver uses: query (with
 * object or array rows) and transaction. Queries and transactions keep PGlite's order and
 * locking, which the worker applies exactly as a PGlite in this thread would.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

type Request =
  | { op: "query"; text: string; params: unknown[]; rowMode: "object" | "array"; tx?: number }
  | { op: "begin" }
  | { op: "commit" | "rollback"; tx: number }
  | { op: "dumpDataDir"; tx: number }
  | { op: "readDataDir"; tx: number; walThrough: string }
  | { op: "listen"; channel: string }
  | { op: "close" };

/** How long PGlite may take to close before its thread is stopped regardless. */
const CLOSE_TIMEOUT_MS = 10_000;

/** The data directory as the database thread read it (readDataDir in db/pglite-worker.mjs). */
interface DataDirFiles {
  files: Array<{ path: string; directory: true } | { path: string; bytes: ArrayBuffer }>;
}

type Notification = { notification: { channel: string; payload: string } };
type Answer = { id: number; result?: unknown; error?: { message: string; name?: string } & Record<string, unknown> };

/** An error from the database thread, with PostgreSQL's fields (code, detail, constraint...). */
class DatabaseThreadError extends Error {
  [field: string]: unknown;
  constructor(plain: NonNullable<Answer["error"]>) {
    super(plain.message);
    Object.assign(this, plain);
    this.name = plain.name ?? "DatabaseError";
  }
}

export interface PgliteThread {
  /** For Drizzle's PGlite driver: the calls it makes, answered by the database thread. */
  client: PGlite;
  /**
   * A consistent copy of the whole data directory (a tar archive of pgdata), made while no other
   * query runs: `work` runs first inside the same exclusive transaction (to read what the copy
   * holds, say), then a CHECKPOINT writes every change to the files, then they are copied.
   */
  snapshot<T>(
    work: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>,
  ): Promise<{ result: T; pgdata: Uint8Array }>;
  /**
   * Copies the data directory's files (pgdata) to `destination`, a new directory, while no other
   * query runs: a CHECKPOINT writes every change to the files first, and nothing writes them until
   * the files have been read into memory (by the database thread, which holds the transaction), so
   * it is of one moment. Other queries wait for the checkpoint and that read only, not for the
   * files to be written out (ADR 0110).
   */
  copyDataDir(destination: string): Promise<{ heldMs: number }>;
  /**
   * LISTEN on `channel`: `onPayload` hears each NOTIFY on it once the notifying transaction has
   * committed (PGlite delivers it then, never for a rolled-back one). Returns the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => void>;
  /** Closes PGlite and ends the thread; every call gets the same promise. */
  close(): Promise<void>;
}

/**
 * Starts the database thread on `dataDir` and resolves once PGlite has opened it.
 * `onStopped` hears of a thread that ended without being closed (PostgreSQL aborted, say):
 * from then on every query fails, and /readyz says so, until the process is restarted.
 */
export async function startPgliteThread(
  dataDir: string,
  onStopped: (error: Error) => void,
  /** Told how long each query took, in seconds, from sending it to its answer. */
  onQuery?: (seconds: number) => void,
): Promise<PgliteThread> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  let started = false;
  let closing = false;

  const stop = (error: Error) => {
    if (started && !stopped && !closing) onStopped(error);
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };
  // A worker may throw anything; @types/node 26 says so (unknown).
  worker.on("error", (error) => stop(error instanceof Error ? error : new Error(String(error))));
  worker.on("exit", (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      worker.off("exit", onExit);
      resolve();
    };
    const onExit = () => reject(stopped ?? new Error("The database thread stopped before it opened"));
    worker.once("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", onExit);
  });
  started = true;
  const notified = new Map<string, Set<(payload: string) => void>>();
  worker.on("message", (answer: Answer | Notification) => {
    if ("notification" in answer) {
      for (const listener of notified.get(answer.notification.channel) ?? []) listener(answer.notification.payload);
      return;
    }
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.error) waiting.reject(new DatabaseThreadError(answer.error));
    else waiting.resolve(answer.result);
  });

  const send = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      // Throws for a value that cannot be copied to the thread (a function, say).
      worker.postMessage({ id, ...request });
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  };

  const query =
    (tx?: number) =>
    <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      const sent = send<Results<T>>({ op: "query", text, params, rowMode: options?.rowMode ?? "object", tx });
      if (!onQuery) return sent;
      const started = performance.now();
      const observe = () => onQuery((performance.now() - started) / 1000);
      sent.then(observe, observe);
      return sent;
    };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const tx = await send<number>({ op: "begin" });
    let result: T;
    try {
      result = await callback({ query: query(tx) } as unknown as Transaction);
    } catch (error) {
      // If the thread has stopped, the transaction went with it: the callback's error says more.
      await send({ op: "rollback", tx }).catch(() => {});
      throw error;
    }
    await send({ op: "commit", tx });
    return result;
  };

  const snapshot: PgliteThread["snapshot"] = async (work) => {
    const tx = await send<number>({ op: "begin" });
    try {
      const run = query(tx);
      const result = await work(async (text) => (await run<Record<string, unknown>>(text)).rows);
      await run("checkpoint");
      const pgdata = new Uint8Array(await send<ArrayBuffer>({ op: "dumpDataDir", tx }));
      await send({ op: "commit", tx });
      return { result, pgdata };
    } catch (error) {
      await send({ op: "rollback", tx }).catch(() => {});
      throw error;
    }
  };

  const copyDataDir: PgliteThread["copyDataDir"] = async (destination) => {
    const tx = await send<number>({ op: "begin" });
    const held = performance.now();
    let files: DataDirFiles;
    try {
      await query(tx)("checkpoint");
      const wal = await query(tx)<{ name: string }>("select pg_walfile_name(pg_current_wal_lsn()) as name");
      files = await send<DataDirFiles>({ op: "readDataDir", tx, walThrough: wal.rows[0]!.name });
      await send({ op: "commit", tx });
    } catch (error) {
      await send({ op: "rollback", tx }).catch(() => {});
      throw error;
    }
    const heldMs = Math.round(performance.now() - held);
    await mkdir(destination, { mode: 0o700 });
    for (const entry of files.files)
      if ("directory" in entry) await mkdir(path.join(destination, entry.path), { recursive: true, mode: 0o700 });
    const written = files.files.filter((entry) => "bytes" in entry);
    // A few at a time: over a thousand small files, one by one, take seconds on a busy disk.
    for (let start = 0; start < written.length; start += 16) {
      await Promise.all(
        written
          .slice(start, start + 16)
          .map((entry) => writeFile(path.join(destination, entry.path), new Uint8Array(entry.bytes), { mode: 0o600 })),
      );
    }
    return { heldMs };
  };

  const listen: PgliteThread["listen"] = async (channel, onPayload) => {
    let listeners = notified.get(channel);
    if (!listeners) {
      listeners = new Set();
      notified.set(channel, listeners);
      await send({ op: "listen", channel });
    }
    listeners.add(onPayload);
    return () => void listeners.delete(onPayload);
  };

  let closed: Promise<void> | undefined;
  const close = async () => {
    if (stopped) return;
    closing = true;
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    const timeout = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    try {
      await send({ op: "close" });
    } finally {
      await exited;
      clearTimeout(timeout);
    }
  };

  return {
    client: { query: query(), transaction } as unknown as PGlite,
    snapshot,
    copyDataDir,
    listen,
    close: () => (closed ??= close()),
  };
}
