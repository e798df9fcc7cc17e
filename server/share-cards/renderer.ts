import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { CardNode } from "../../app/features/share-cards/layout";
import { SHARE_CARD_SIZE } from "../../app/features/share-cards/share-card";

export class ShareCardsBusy extends Error {}

export interface ShareCardRenderer {
  /**
   * The PNG named `file`: from memory, from disk, or drawn once from the tree `build` makes.
   * Concurrent asks for one file share one draw. Rejects with ShareCardsBusy when the queue is full.
   */
  png(file: string, build: () => Promise<CardNode>): Promise<Buffer>;
  /** Stops the drawing thread. */
  close(): Promise<void>;
  /** How long each draw took, in milliseconds, most recent last (for tests and logs). */
  readonly drawTimes: number[];
}

export interface RendererOptions {
  /** Where drawn cards are kept across restarts (DATA_DIR/share-cards); memory only when omitted. */
  cacheDir?: string;
  /** The memory cache's bound in bytes. */
  maxMemoryBytes?: number;
  /** Draws waiting beyond this are refused (the visitor's client retries; a crawler comes back). */
  maxQueued?: number;
}

/**
 * Draws share cards on one worker thread, one at a time (ADR 0077): a burst of first visits
 * after a new article queues here instead of taking the main thread's time from page responses.
 */
export function createShareCardRenderer({
  cacheDir,
  maxMemoryBytes = 32 * 1024 * 1024,
  maxQueued = 32,
}: RendererOptions = {}): ShareCardRenderer {
  const memory = new Map<string, Buffer>();
  let memoryBytes = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  const drawTimes: number[] = [];
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;

  const remember = (file: string, png: Buffer) => {
    memory.delete(file);
    memory.set(file, png);
    memoryBytes += png.byteLength;
    for (const [oldest, bytes] of memory) {
      if (memoryBytes <= maxMemoryBytes) break;
      memory.delete(oldest);
      memoryBytes -= bytes.byteLength;
    }
  };

  const startWorker = () => {
    // By path from the working directory, as server/index.ts finds build/: this module is bundled
    // into build/server/index.js, where a path relative to it would not lead to the worker.
    const started = new Worker(path.resolve("server/share-cards/draw-worker.mjs"));
    started.unref();
    started.on("message", (message: { id: number; png?: ArrayBuffer; error?: string }) => {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.png) waiter?.resolve(Buffer.from(message.png));
      else waiter?.reject(new Error(`share card draw failed: ${message.error}`));
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`the share card thread stopped (exit code ${code})`)));
    return started;
  };

  const drawOnThread = (tree: CardNode) =>
    new Promise<Buffer>((resolve, reject) => {
      worker ??= startWorker();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, tree, ...SHARE_CARD_SIZE });
    });

  /** One draw at a time, in order of asking. */
  const draw = (build: () => Promise<CardNode>) => {
    if (queued >= maxQueued) return Promise.reject(new ShareCardsBusy("too many share cards waiting to be drawn"));
    queued++;
    const turn = queue.then(async () => {
      const tree = await build();
      const started = performance.now();
      const png = await drawOnThread(tree);
      drawTimes.push(Math.round(performance.now() - started));
      if (drawTimes.length > 100) drawTimes.shift();
      return png;
    });
    queue = turn.catch(() => undefined).finally(() => queued--);
    return turn;
  };

  const fromDisk = async (file: string) => (cacheDir ? readFile(path.join(cacheDir, file)).catch(() => null) : null);
  const toDisk = async (file: string, png: Buffer) => {
    if (!cacheDir) return;
    await mkdir(cacheDir, { recursive: true });
    // Written whole, then renamed: another process never reads half a file.
    const partial = path.join(cacheDir, `${file}.${process.pid}.partial`);
    await writeFile(partial, png);
    await rename(partial, path.join(cacheDir, file));
  };

  return {
    drawTimes,
    png(file, build) {
      const cached = memory.get(file);
      if (cached) return Promise.resolve(cached);
      let answer = inFlight.get(file);
      if (!answer) {
        answer = (async () => {
          const stored = await fromDisk(file);
          const png = stored ?? (await draw(build));
          remember(file, png);
          if (!stored) await toDisk(file, png).catch(() => undefined);
          return png;
        })().finally(() => inFlight.delete(file));
        inFlight.set(file, answer);
      }
      return answer;
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}
