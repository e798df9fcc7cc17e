/**
 * Shared helpers for the benchmark scripts: build and start the production
 * server on 127.0.0.1 with a throw-away database, parse route arguments, serve
 * static copies of pages from the same server, and write JSON reports under bench/results/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "../tests/support/free-port";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = path.resolve(BENCH_DIR, "..");

const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_TAIL_CHARS = 16_000;

/** An expected failure (bad arguments, server would not start): reported without a stack trace. */
export class BenchError extends Error {
  override name = "BenchError";
}

/** A whole number from the environment variable `name`, `fallback` when unset; refused outside min..max. */
export function wholeNumberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BenchError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

/** Prints an error from main(): the message for expected failures, the stack otherwise. */
export function reportFatal(error: unknown): void {
  if (error instanceof BenchError) console.error(`\n${error.message}`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}

export interface RunningServer {
  /** Origin of the server, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The server process's id (for reading its resident memory from /proc). */
  pid: number;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), remove the temporary DATA_DIR. Safe to call twice. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would: nothing is finished or cleaned up. */
  kill(): Promise<void>;
}

let buildOnce: Promise<void> | undefined;

/** Runs `npm run build` once per process. */
function build(): Promise<void> {
  buildOnce ??= new Promise<void>((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`"npm run build" failed (${signal ?? `exit code ${code}`})`));
    });
  });
  return buildOnce;
}

/** Keeps the last `limit` characters written to a stream. */
function tail(stream: NodeJS.ReadableStream | null, limit = OUTPUT_TAIL_CHARS): () => string {
  let text = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    text = (text + chunk).slice(-limit);
  });
  return () => text;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Kills the server's whole process group (anything it started goes with it). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Builds the app (once), then starts `node --import tsx server/index.ts` on a free port of
 * 127.0.0.1 with a fresh PGlite DATA_DIR (or on `databaseUrl`), and resolves when /readyz
 * answers 200.
 */
export async function startProductionServer(
  options: {
    /** Runs on the fresh DATA_DIR before the server starts (e.g. to seed stock). */
    prepareDataDir?: (dataDir: string) => Promise<void>;
    env?: Record<string, string>;
    /** A PostgreSQL database of the bench's own (createBenchDatabase); the embedded one otherwise. */
    databaseUrl?: string;
    /** An embedded database's directory to start on again (kept when the server stops); a fresh one otherwise. */
    dataDir?: string;
    /** The port to listen on (a restart on the same address); a free one otherwise. */
    port?: number;
    /** Runs on the DATA_DIR once the server has stopped, before it is removed (e.g. to read what it wrote). */
    inspectDataDir?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  await build();
  const port = options.port ?? (await freePort());
  const url = `http://${HOST}:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const removeDataDir = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await options.prepareDataDir?.(dataDir);
  } catch (error) {
    removeDataDir();
    throw error;
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // The built-in daily backup would pause the database mid-run and write into ./backups.
    BACKUP_SCHEDULE: "off",
    // Canonical/absolute URLs should point at the server being measured.
    PUBLIC_URL: url,
    ...options.env,
  };
  // The embedded database unless the bench made a PostgreSQL database for this run: never one
  // DATABASE_URL happens to name.
  delete env.DATABASE_URL;
  if (options.databaseUrl) Object.assign(env, { DATABASE_URL: options.databaseUrl, AUTH_SECRET: BENCH_AUTH_SECRET, PAYMENTS: "test" });

  // As `npm start` runs it: one node process that gets its signals itself. detached: it gets
  // its own process group, so a forced kill reaches anything it started.
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/index.ts"], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stdout = tail(child.stdout);
  const stderr = tail(child.stderr);
  child.stderr?.on("data", (chunk: string) => process.stderr.write(prefixLines("[server] ", chunk)));

  // Last-resort cleanup if this process exits without calling stop().
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) killGroup(child, "SIGKILL");
    removeDataDir();
  };
  process.on("exit", onExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = delay(STOP_TIMEOUT_MS).then(() => "timeout" as const);
        if ((await Promise.race([exited(child), timer])) === "timeout") {
          process.stderr.write(`server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it\n`);
          killGroup(child, "SIGKILL");
          await exited(child);
        }
      }
      await options
        .inspectDataDir?.(dataDir)
        .catch((error: unknown) => process.stderr.write(`inspecting the data dir failed: ${String(error)}\n`));
      removeDataDir();
      process.off("exit", onExit);
      if (!interrupted) {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    })();
    return stopping;
  };
  // Ctrl-C / SIGTERM while benchmarking: stop the server cleanly, then exit
  // (sync cleanups registered on "exit" still run). The listener stays
  // installed while stopping: npm relays the terminal's SIGINT, so it
  // arrives more than once, and a signal without a listener kills at once.
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the server\n`);
    void stop().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    await waitUntilReady(url, child);
  } catch (error) {
    await stop();
    const output = [stderr().trim() && `--- server stderr ---\n${stderr()}`, stdout().trim() && `--- server stdout ---\n${stdout()}`]
      .filter(Boolean)
      .join("\n");
    throw new BenchError(`${(error as Error).message}\n${output || "(the server printed nothing)"}`, { cause: error });
  }
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, "SIGKILL");
      await exited(child);
    }
    await stop();
  };
  return { url, pid: child.pid!, stop, kill };
}

/** What every process on one PostgreSQL database shares (production requires it to be set). */
export const BENCH_AUTH_SECRET = "bench-secret-shared-by-every-process-0123456789";

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names (the first server process
 * migrates and seeds it), dropped by `drop()`.
 */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready (${child.signalCode ?? `exit code ${child.exitCode}`})`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `/readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await delay(250);
  }
  throw new Error(`the server was not ready at ${url}/readyz within ${READY_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

function prefixLines(prefix: string, text: string): string {
  return text.replace(/^(?=.)/gm, prefix);
}

/**
 * The routes to measure from the command line: default ["/"]; each must be a
 * path on this server (starting with a single "/").
 */
export function routesFromArgs(argv: string[]): string[] {
  if (argv.length === 0) return ["/"];
  const base = new URL(`http://${HOST}`);
  const routes: string[] = [];
  for (const arg of argv) {
    let sameOrigin = false;
    try {
      sameOrigin = new URL(arg, base).origin === base.origin;
    } catch {
      // Reported below.
    }
    // "//host/x" is a protocol-relative URL to another host; whitespace and
    // control characters are never part of a route.
    if (!arg.startsWith("/") || arg.startsWith("//") || /[\s\\]/.test(arg) || !sameOrigin) {
      throw new BenchError(`Invalid route ${JSON.stringify(arg)}: routes must be paths starting with "/" (for example / or /terms).`);
    }
    if (!routes.includes(arg)) routes.push(arg);
  }
  return routes;
}

/** "/" → "index", "/terms" → "terms", "/a/b?x=1" → "a_b_x_1"; unique within `taken`. */
export function safeName(route: string, taken: Set<string>): string {
  const base =
    route
      .replace(/^\/+/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^[._]+|_+$/g, "") || "index";
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** Where static copies of pages go: served by the app's own static file handler, under /__bench/. */
const STATIC_COPIES_DIR_NAME = "__bench";
const STATIC_COPIES_DIR = path.join(PROJECT_ROOT, "build/client", STATIC_COPIES_DIR_NAME);

export interface StaticCopies {
  /**
   * Saves `html` as build/client/__bench/<name>.html (`name` from the route, unique in this set),
   * checks that every server in `serverUrls` sends it back intact, and returns its path there.
   */
  add(route: string, html: string, serverUrls: readonly string[]): Promise<string>;
  /** Deletes every copy. Safe to call twice; also done on exit (and so on Ctrl-C). */
  remove(): void;
}

/**
 * Static copies of pages, served by the running production server through its static file
 * handler (`express-static-gzip` over `serve-static`): the cheapest response the same stack can
 * give (logging, security headers, compression middleware). The build must exist.
 */
export function createStaticCopies(): StaticCopies {
  const taken = new Set<string>();
  const removeAll = () => rmSync(STATIC_COPIES_DIR, { recursive: true, force: true });
  process.on("exit", removeAll);
  mkdirSync(STATIC_COPIES_DIR, { recursive: true });
  return {
    async add(route, html, serverUrls) {
      const copyPath = `/${STATIC_COPIES_DIR_NAME}/${safeName(route, taken)}.html`;
      writeFileSync(path.join(PROJECT_ROOT, "build/client", copyPath), html);
      for (const url of serverUrls) {
        const check = await fetch(url + copyPath);
        if (check.status !== 200 || (await check.text()) !== html) {
          throw new BenchError(`the static copy at ${copyPath} was not served back intact by ${url} (HTTP ${check.status})`);
        }
      }
      return copyPath;
    },
    remove() {
      removeAll();
      process.off("exit", removeAll);
    },
  };
}

/** Writes `report` as JSON to bench/results/<name>-<timestamp>.json and returns the path. */
export function writeReport(name: string, report: unknown): string {
  const dir = path.join(BENCH_DIR, "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/:/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
