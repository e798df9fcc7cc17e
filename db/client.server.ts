import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.server";
import { localContentChanges, postgresContentChanges, type ContentChanges } from "./content-changes.server";
import { listenOnPostgres, type ChannelHandlers, type ChannelListener } from "./notifications.server";
import { startPgliteThread, type PgliteThread } from "./pglite-thread.server";
import * as schema from "./schema";
import { seedDatabase } from "./seed/seed.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs one SQL statement written by hand and returns its rows, as objects keyed by the
 * column names or aliases, on either driver. Values come back as the driver gives them
 * (timestamps as text): select numbers or convert in SQL where a type matters.
 */
export async function queryRows<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute<Row>(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Announces edits of published content to every process on this database. */
  contentChanges: ContentChanges;
  /** PostgreSQL: the connection URL (backups and moves run their own connections). */
  databaseUrl?: string;
  /** Embedded database: a consistent copy of its data directory's files (backups; db/pglite-thread.server.ts). */
  copyDataDir?: PgliteThread["copyDataDir"];
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * LISTEN on `channel` for the life of the process (db/notifications.server.ts): every committed
   * NOTIFY on it, from this process or any other on the database. On PostgreSQL a connection of
   * its own; on the embedded database PGlite's own LISTEN, on its thread.
   */
  listen(channel: string, handlers: ChannelHandlers): ChannelListener;
  close(): Promise<void>;
}

export { DataDirLockedError } from "./data-dir-lock.server";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// Any constant shared by every app process; it names the advisory lock that
// serialises migrations and seeding when several processes start together.
const MIGRATION_LOCK_ID = 725_150_001;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  seed?: boolean;
  /** Apply pending migrations (default). Off for tools that must read a database as it is (a backup). */
  migrate?: boolean;
  /**
   * Told about connections the server dropped (a restart, say), which the pool replaces; or,
   * on the embedded database, that its thread stopped, after which every query fails.
   */
  onConnectionError?: (error: Error) => void;
  /** Told how long each query took, in seconds (the /metrics histogram). */
  onQuery?: (seconds: number) => void;
}): Promise<DatabaseHandle> {
  const prepare = { migrate: options.migrate ?? true, seed: options.seed ?? true, onQuery: options.onQuery };
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, prepare, options.onConnectionError ?? console.error)
    : openPglite(options.dataDir, prepare, options.onConnectionError ?? console.error);
}

interface Preparation {
  migrate: boolean;
  seed: boolean;
  onQuery?: (seconds: number) => void;
}

async function openPglite(
  dataDir: string,
  { migrate, seed, onQuery }: Preparation,
  onStopped: (error: Error) => void,
): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  // PGlite is single-process: a second process writing the same directory
  // would corrupt it, so the directory is locked for the life of the process.
  // A lock left by a process that died is recognised at once (docs/decisions/0042).
  const release = await lockDataDir(dataDir);
  const thread = await startPgliteThread(dataDir, onStopped, onQuery).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  try {
    const { client } = thread;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    if (migrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
    if (seed) await seedDatabase(db);
    const contentChanges = localContentChanges();
    return {
      db,
      kind: "pglite",
      contentChanges,
      copyDataDir: thread.copyDataDir,
      ping: async () => {
        await client.query("select 1");
      },
      listen: (channel, handlers) => {
        let stop: (() => void) | undefined;
        let stopped = false;
        const listening = thread
          .listen(channel, (payload) => handlers.onNotify(payload))
          .then(
            (unsubscribe) => {
              stop = unsubscribe;
              if (!stopped) handlers.onListening();
            },
            (error: unknown) => onStopped(error as Error),
          );
        return {
          close: async () => {
            stopped = true;
            await listening;
            stop?.();
          },
        };
      },
      close: async () => {
        await contentChanges.close();
        try {
          await thread.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await thread.close().catch(() => {});
    await release();
    throw error;
  }
}

async function openPostgres(
  databaseUrl: string,
  { migrate, seed, onQuery }: Preparation,
  onConnectionError: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, Client: onQuery ? timedClient(onQuery) : pg.Client });
  // Without a listener, an idle connection closed by the server would crash the process.
  pool.on("error", onConnectionError);
  try {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      try {
        if (migrate) await migratePg(drizzlePg(client), { migrationsFolder });
        if (seed) await seedDatabase(drizzlePg(client, { schema }) as unknown as Database);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const contentChanges = postgresContentChanges(db, databaseUrl, { onError: onConnectionError });
  return {
    db,
    kind: "postgres",
    databaseUrl,
    contentChanges,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers, onConnectionError),
    close: async () => {
      await contentChanges.close();
      await pool.end();
    },
  };
}

/**
 * pg's Client, telling `onQuery` how long each query took. The pool calls `query` with a
 * callback, Drizzle's transactions with a promise: both are timed.
 */
function timedClient(onQuery: (seconds: number) => void): typeof pg.Client {
  return class TimedClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const started = performance.now();
      const observe = () => onQuery((performance.now() - started) / 1000);
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          observe();
          callback(...results);
        };
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        return (super.query as any)(...args);
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const result = (super.query as any)(...args);
      if (result && typeof result.then === "function") (result as Promise<unknown>).then(observe, observe);
      return result;
    }
  } as unknown as typeof pg.Client;
}
