import { afterAll, beforeAll } from "vitest";
import { startServer, type ServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** The production server a test file (or a describe block) runs against, with its own fresh database. */
export interface FileServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly server: ServerProcess;
  readonly testDb: TestDatabase;
}

type Env = Record<string, string | undefined>;

/**
 * The one way the server tests start a server (issue 42): a fresh test database (PGlite, or a new
 * PostgreSQL database under TEST_DATABASE_URL), `prepare` on it while no server has it open (the
 * embedded database allows one process), the built server on a free port with the database's
 * settings and `env`, and both gone after the file or describe block it is called in. Call it at
 * the top level of the file or of a describe block; read `url`, `server`, `testDb` in the tests.
 */
export function serverForTests({
  env = {},
  prepare,
  startTimeoutMs = 100_000,
  hookTimeoutMs = 150_000,
}: {
  env?: Env | ((testDb: TestDatabase) => Env);
  prepare?: (testDb: TestDatabase) => Promise<void>;
  /** How long the server may take to listen: a cold start on the shared two-core machine has taken over a minute. */
  startTimeoutMs?: number;
  hookTimeoutMs?: number;
} = {}): FileServer {
  let testDb: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await prepare?.(testDb);
    const extra = typeof env === "function" ? env(testDb) : env;
    server = await startServer({ ...testDb.env, ...extra }, { timeoutMs: startTimeoutMs });
  }, hookTimeoutMs);
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`serverForTests: the ${what} is not ready (read it inside a test or hook)`);
    return value;
  };
  return {
    get url() {
      return started(server, "server").url;
    },
    get server() {
      return started(server, "server");
    },
    get testDb() {
      return started(testDb, "test database");
    },
  };
}
