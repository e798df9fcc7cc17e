import { afterAll, beforeAll } from "vitest";
import { startServer, type ServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** The production server a test file (or a describe block) runs against, with its own fresh database. */
export interface FileServer {
  /** http://127.0.0.1:<port> of the first server process */
  readonly url: string;
  /** The first server process. */
  readonly server: ServerProcess;
  /** Every server process on the database, the first one first (one unless `processes` asks for more). */
  readonly servers: readonly ServerProcess[];
  readonly testDb: TestDatabase;
  /**
   * Stops the server processes (if a test has not already) and starts as many again on the same
   * database with the same settings, each on a new port: for a test that looks at the database
   * with the site stopped, or at what a restart keeps. `url` and `server` are the new ones after.
   */
  restart(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/**
 * The one way the server tests start a server (issue 42): a fresh test database (PGlite, or a new
 * PostgreSQL database under TEST_DATABASE_URL), `prepare` on it while no server has it open (the
 * embedded database allows one process), the built server on a free port with the database's
 * settings and `env`, and both gone after the file or describe block it is called in. Call it at
 * the top level of the file or of a describe block; read `url`, `server` (or `servers`), `testDb`
 * in the tests. A file that needs more (a proxy in front, a sign-in) adds its own beforeAll after
 * this call, and its own afterAll, which vitest runs before this one's.
 */
export function serverForTests({
  env = {},
  prepare,
  processes = 1,
  startTimeoutMs = 100_000,
  hookTimeoutMs = 150_000,
}: {
  env?: Env | ((testDb: TestDatabase) => Env);
  prepare?: (testDb: TestDatabase) => Promise<void>;
  /**
   * How many server processes to start on the one database, at once, as production runs several
   * behind its proxy. Only PostgreSQL takes more than one (the embedded database allows one
   * process), so a file that runs on both passes a function, e.g. `(testDb) => (testDb.kind === "postgres" ? 2 : 1)`.
   */
  processes?: number | ((testDb: TestDatabase) => number);
  /** How long the server may take to listen: a cold start on the shared two-core machine has taken over a minute. */
  startTimeoutMs?: number;
  hookTimeoutMs?: number;
} = {}): FileServer {
  let testDb: TestDatabase | undefined;
  let servers: ServerProcess[] = [];
  const start = async (db: TestDatabase) => {
    const extra = typeof env === "function" ? env(db) : env;
    const count = typeof processes === "function" ? processes(db) : processes;
    const started = await Promise.allSettled(
      Array.from({ length: count }, () => startServer({ ...db.env, ...extra }, { timeoutMs: startTimeoutMs })),
    );
    // Those that did start are stopped after the file even when another did not.
    servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  };
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await prepare?.(testDb);
    await start(testDb);
  }, hookTimeoutMs);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await testDb?.drop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`serverForTests: the ${what} is not ready (read it inside a test or hook)`);
    return value;
  };
  return {
    get url() {
      return started(servers[0], "server").url;
    },
    get server() {
      return started(servers[0], "server");
    },
    get servers() {
      return started(servers[0] && servers, "server");
    },
    get testDb() {
      return started(testDb, "test database");
    },
    restart: async () => {
      const db = started(testDb, "test database");
      await Promise.all(servers.map((server) => server.stop()));
      servers = [];
      await start(db);
    },
  };
}
