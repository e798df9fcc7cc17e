import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.server";

/**
 * A database of its own for one test: a fresh PGlite directory by default, or
 * a freshly created PostgreSQL database when TEST_DATABASE_URL is set.
 */
export interface TestDatabase {
  kind: "pglite" | "postgres";
  /** The settings a server process or openDatabase() needs to use it. */
  env: { DATA_DIR: string; DATABASE_URL?: string; AUTH_SECRET?: string; PAYMENTS?: string };
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { kind: "pglite", env: { DATA_DIR: dataDir }, dataDir, drop: async () => removeDir() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: "postgres",
    // What production on PostgreSQL requires (app/env.server.ts): one shared secret, and the test
    // payment page chosen on purpose.
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_SECRET: "test-secret-shared-by-every-process-0123456789", PAYMENTS: "test" },
    dataDir,
    databaseUrl,
    drop: async () => {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated and seeded database for the tests of one file: opened before
 * they run, closed and dropped after. Read `suite.db` inside tests and hooks.
 */
export function seededTestDatabase(): { readonly db: Database; readonly handle: DatabaseHandle; readonly testDb: TestDatabase } {
  let testDb: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("seededTestDatabase(): the database is opened in beforeAll; read it inside tests or hooks");
    return value;
  };
  return {
    get db() {
      return opened(handle).db;
    },
    get handle() {
      return opened(handle);
    },
    get testDb() {
      return opened(testDb);
    },
  };
}

/**
 * Opens a test database that a server process has been using, to read what it wrote: PGlite only
 * once that server has stopped (one process per directory), PostgreSQL at any time.
 */
export function openTestDatabase(testDb: Pick<TestDatabase, "dataDir" | "databaseUrl">): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, seed: false, onConnectionError: () => {} });
}
