/**
 * The embedded database's own thread: one PGlite instance, driven by messages from
 * db/pglite-thread.server.ts. PostgreSQL runs here, on a core of its own, while the main
 * thread parses requests and renders pages (ADR 21).
 *
 * Plain JavaScript, so it starts in any runner (tsx, Vitest, plain node) without a loader.
 *
 * Requests: { id, op: "query", text, params, rowMode, tx? } | { id, op: "begin" }
 *           | { id, op: "commit" | "rollback", tx } | { id, op: "dumpDataDir" | "readDataDir", tx } | { id, op: "close" }
 *           | { id, op: "listen", channel }
 * Answers:  { id, result } | { id, error: { message, ...fields of PostgreSQL's error } }
 * Unasked:  { notification: { channel, payload } }, for each NOTIFY on a channel listened to,
 *           sent when PGlite delivers it: after the notifying transaction has committed.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

/** Thrown into a transaction's callback to make PGlite roll it back. */
class RollbackRequested extends Error {}

const pg = await PGlite.create(`${workerData.dataDir}/pgdata`);
keepDatesAsText(pg);

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();
let nextTransactionId = 1;
let closing = false;

parentPort.on("message", (request) => {
  handle(request).then(
    // A dump's bytes are handed over, not copied.
    (result) => parentPort.postMessage({ id: request.id, result }, transferable(result)),
    (error) => parentPort.postMessage({ id: request.id, error: plainError(error) }),
  );
});
parentPort.postMessage({ ready: true });

function transferable(result) {
  if (result instanceof ArrayBuffer) return [result];
  if (isDataDirFiles(result)) return result.files.filter((entry) => entry.bytes).map((entry) => entry.bytes);
  return [];
}

function isDataDirFiles(result) {
  return result !== null && typeof result === "object" && Array.isArray(result.files);
}

async function handle(request) {
  // After "close", nothing new starts; an open transaction may still finish, and PGlite's
  // close waits for it.
  const startsSomething = request.op === "begin" || request.op === "close" || (request.op === "query" && request.tx === undefined);
  if (closing && startsSomething) throw new Error("The database is closing");
  switch (request.op) {
    case "query": {
      const target = request.tx === undefined ? pg : openTransaction(request.tx).tx;
      return target.query(request.text, request.params, { rowMode: request.rowMode });
    }
    case "begin":
      return begin();
    case "commit":
    case "rollback": {
      const transaction = openTransaction(request.tx);
      transactions.delete(request.tx);
      if (request.op === "commit") transaction.commit();
      else transaction.rollback();
      return transaction.ended;
    }
    case "dumpDataDir":
      // Only inside a transaction this thread holds: no other query runs meanwhile, so the copy
      // is of one moment (the backup's CHECKPOINT has written every change to the files).
      openTransaction(request.tx);
      return (await pg.dumpDataDir("none")).arrayBuffer();
    case "readDataDir":
      // The same rule as dumpDataDir; the files are read as they are, without a tar (ADR 0110).
      openTransaction(request.tx);
      return readDataDir(`${workerData.dataDir}/pgdata`, request.walThrough);
    case "listen":
      // PGlite runs LISTEN on its one connection and calls back as each committed NOTIFY arrives.
      await pg.listen(request.channel, (payload) => parentPort.postMessage({ notification: { channel: request.channel, payload } }));
      return null;
    case "close":
      closing = true;
      await pg.close();
      // Answer first, then let the thread end.
      setImmediate(() => parentPort.close());
      return null;
    default:
      throw new Error(`unknown database request ${JSON.stringify(request.op)}`);
  }
}

/**
 * Starts a PGlite transaction and keeps it open until "commit" or "rollback" arrives. PGlite
 * holds its lock for the whole transaction, so other queries wait, as they do in one thread.
 * Resolves with the transaction's id once BEGIN has run.
 */
function begin() {
  const id = nextTransactionId++;
  return new Promise((started, failedToStart) => {
    let isStarted = false;
    const ended = pg
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback: () => rollback(new RollbackRequested()), ended });
            isStarted = true;
            started(id);
          }),
      )
      .then(
        () => null,
        (error) => {
          if (!isStarted) {
            failedToStart(error);
            return null;
          }
          if (error instanceof RollbackRequested) return null;
          throw error;
        },
      );
  });
}

/**
 * Every directory and file under `root`, read at once (this thread has nothing else to do while
 * the backup's transaction holds it): { files: [{ path, directory: true } | { path, bytes }] },
 * each file's bytes in an ArrayBuffer of its own, handed over rather than copied. WAL segments
 * after `walThrough` (the one being written) are left out: PostgreSQL recycles old segments under
 * future names, and their bytes are never replayed (after a busy week, most of pg_wal).
 */
function readDataDir(root, walThrough) {
  const files = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name));
    if (walThrough && path.dirname(relative) === "pg_wal" && /^[0-9A-F]{24}$/.test(entry.name) && entry.name > walThrough) continue;
    if (entry.isDirectory()) files.push({ path: relative, directory: true });
    else if (entry.isFile()) files.push({ path: relative, bytes: readWhole(path.join(root, relative)) });
  }
  return { files };
}

/** A file's bytes in an ArrayBuffer of its own (readFileSync may share Node's pool for small files). */
function readWhole(file) {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.allocUnsafeSlow(fstatSync(fd).size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === buffer.length ? buffer.buffer : buffer.buffer.slice(0, read);
  } finally {
    closeSync(fd);
  }
}

function openTransaction(id) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`no open database transaction ${id}`);
  return transaction;
}

/**
 * Dates, times and intervals stay text, as Drizzle asks of every query (drizzle-orm 0.45,
 * drizzle-orm/pglite/session.js): installed once here rather than sent with each query, as
 * PGlite copies its whole parser table to merge per-query parsers. Compare the list when
 * Drizzle is upgraded.
 */
function keepDatesAsText(client) {
  const asText = (value) => value;
  const NUMERIC_ARRAY = 1231;
  const TIMESTAMP_ARRAY = 1115;
  const TIMESTAMPTZ_ARRAY = 1185;
  const INTERVAL_ARRAY = 1187;
  const DATE_ARRAY = 1182;
  for (const oid of [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    NUMERIC_ARRAY,
    TIMESTAMP_ARRAY,
    TIMESTAMPTZ_ARRAY,
    INTERVAL_ARRAY,
    DATE_ARRAY,
  ]) {
    client.parsers[oid] = asText;
  }
}

/** An error as a plain object: its message and PostgreSQL's fields (code, detail, constraint...). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || (typeof value === "object" && value !== null)) continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}
