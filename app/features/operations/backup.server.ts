/**
 * Making a backup (ADR 0043), on either database, while the site runs.
 *
 * - Embedded: through the app's database thread. One exclusive transaction runs CHECKPOINT and
 *   copies the data directory's files (the operating system copies them); other queries wait only
 *   for that, so the copy is of one moment. Then a second PGlite, on a thread of its own, opens the
 *   copy, reads every table's count and checksum and dumps it (PGlite's dumpDataDir): the site's
 *   queries do not wait for any of that (ADR 0110).
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot, reads the checksums, and
 *   pg_dump (custom format) dumps that same snapshot, so both describe one moment while writes
 *   go on.
 *
 * Each run, good or bad, is recorded in `backup_runs` when it ends (the back office and /metrics
 * read it), counted in this process's metrics and logged.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../../../db/client.server";
import { startPgliteThread } from "../../../db/pglite-thread.server";
import { backupRuns, type BackupTrigger } from "../../../db/schema";
import {
  APP_SECRET_FILE,
  EMBEDDED_PAYLOAD,
  POSTGRES_PAYLOAD,
  writeBackupArchive,
  type BackupManifest,
  type WrittenBackup,
} from "./backup-archive.server";
import { backupsBeyondKeep, PARTIAL_SUFFIX } from "./backup-files";
import { backups as backupsMetric, offsiteCopies } from "./metrics.server";
import type { Env } from "~/env.server";
import { copyOffsite, describeOffsiteTarget, offsiteTargetFrom, type OffsiteTarget } from "./offsite-copy.server";
import { runPostgresTool } from "./postgres-tools.server";
import { tableChecksums, type RunQuery, type TableChecksum } from "./table-checksums.server";

export interface BackupSettings {
  /** BACKUP_DIR */
  directory: string;
  /** BACKUP_KEEP: the newest backups kept after each good one (0: all). */
  keep: number;
  offsite: OffsiteTarget | null;
  /** DATA_DIR: on the embedded database its generated secret goes into the backup. */
  dataDir: string;
}

export function backupSettingsFrom(env: Env): BackupSettings {
  return { directory: env.BACKUP_DIR, keep: env.BACKUP_KEEP, offsite: offsiteTargetFrom(env), dataDir: env.DATA_DIR };
}

export interface BackupReport extends WrittenBackup {
  kind: "embedded" | "postgres";
  tables: number;
  rows: number;
  offsite: "succeeded" | "failed" | null;
  offsiteError?: string;
  /** Backups deleted to keep the newest BACKUP_KEEP. */
  pruned: string[];
  durationMs: number;
  /** Embedded database: how long the site's queries waited for the copy of its files. */
  pauseMs?: number;
}

type Log = Pick<Logger, "info" | "warn" | "error">;

/** Drizzle's record of applied migrations, as a backup notes it. */
export async function migrationState(query: RunQuery): Promise<BackupManifest["migrations"]> {
  const [row] = await query(
    `select count(*)::int as count,
       (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
     from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), last: (row?.last as string | null) ?? null };
}

async function backUpEmbedded(
  handle: DatabaseHandle,
  settings: BackupSettings,
  takenAt: Date,
): Promise<{ written: WrittenBackup; tables: TableChecksum[]; pauseMs: number }> {
  if (!handle.copyDataDir) throw new Error("this database handle cannot copy its data directory");
  await mkdir(settings.directory, { recursive: true });
  // Beside the backups under a temporary name: what a run cut short leaves is cleared by the next
  // (removeAbandonedPartials), and it is never on the site's data directory.
  const copyRoot = path.join(settings.directory, `.ridgeway-backup-${process.pid}-${randomBytes(6).toString("hex")}.copy${PARTIAL_SUFFIX}`);
  try {
    await mkdir(copyRoot, { mode: 0o700 });
    const { heldMs: pauseMs } = await handle.copyDataDir(path.join(copyRoot, "pgdata"));
    // The checksums read every row (media included) and the dump reads every file: on the copy,
    // on a database thread of its own, they hold up none of the site's queries.
    const copy = await startPgliteThread(copyRoot, () => {});
    let snapshot: { result: { tables: TableChecksum[]; migrations: BackupManifest["migrations"] }; pgdata: Uint8Array };
    try {
      snapshot = await copy.snapshot(async (query) => ({ tables: await tableChecksums(query), migrations: await migrationState(query) }));
    } finally {
      await copy.close();
    }
    const { result, pgdata } = snapshot;
    const secret = await readFile(path.join(settings.dataDir, APP_SECRET_FILE), "utf8").catch(() => null);
    const written = await writeBackupArchive({
      directory: settings.directory,
      kind: "embedded",
      takenAt,
      migrations: result.migrations,
      tables: result.tables,
      payloadFile: EMBEDDED_PAYLOAD,
      writePayload: (file) => pipeline(Readable.from([pgdata]), createGzip(), createWriteStream(file, { mode: 0o600 })),
      extraFiles: secret ? { [APP_SECRET_FILE]: secret } : {},
    });
    return { written, tables: result.tables, pauseMs };
  } finally {
    await rm(copyRoot, { recursive: true, force: true });
  }
}

async function backUpPostgres(
  databaseUrl: string,
  settings: BackupSettings,
  takenAt: Date,
): Promise<{ written: WrittenBackup; tables: TableChecksum[] }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "ridgeway backup" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = String((await client.query("select pg_export_snapshot() as id")).rows[0].id);
    const query: RunQuery = async (text) => (await client.query(text)).rows;
    const tables = await tableChecksums(query);
    const migrations = await migrationState(query);
    const written = await writeBackupArchive({
      directory: settings.directory,
      kind: "postgres",
      takenAt,
      migrations,
      tables,
      payloadFile: POSTGRES_PAYLOAD,
      // The transaction stays open until pg_dump is done: its snapshot lives as long as it does.
      writePayload: (file) => runPostgresTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`], databaseUrl),
    });
    return { written, tables };
  } finally {
    await client.query("rollback").catch(() => {});
    await client.end();
  }
}

/** Deletes the oldest backups beyond `keep`; returns their names. */
export async function pruneBackups(directory: string, keep: number): Promise<string[]> {
  const doomed = backupsBeyondKeep(await readdir(directory), keep);
  for (const name of doomed) await rm(path.join(directory, name), { force: true });
  return doomed;
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Makes one backup, copies it offsite when configured, keeps the newest BACKUP_KEEP, and records
 * the run. Runs one at a time per process. A failure is recorded, counted and logged, then thrown.
 */
export function runBackup(
  handle: DatabaseHandle,
  settings: BackupSettings,
  options: { trigger: BackupTrigger; log: Log },
): Promise<BackupReport> {
  const run = running.then(() => backUp(handle, settings, options));
  running = run.catch(() => {});
  return run;
}

async function backUp(
  handle: DatabaseHandle,
  settings: BackupSettings,
  { trigger, log }: { trigger: BackupTrigger; log: Log },
): Promise<BackupReport> {
  const startedAt = new Date();
  const kind = handle.kind === "pglite" ? "embedded" : "postgres";
  let made: { written: WrittenBackup; tables: TableChecksum[]; pauseMs?: number };
  try {
    made =
      handle.kind === "pglite"
        ? await backUpEmbedded(handle, settings, startedAt)
        : await backUpPostgres(handle.databaseUrl!, settings, startedAt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    backupsMetric.inc({ trigger, outcome: "failed" });
    log.error({ err: error, directory: settings.directory }, `backup failed: ${message}`);
    await record(handle, { trigger, startedAt, outcome: "failed", error: message.slice(0, 2000) }, log);
    throw error;
  }
  const { written, tables } = made;
  let offsite: BackupReport["offsite"] = null;
  let offsiteError: string | undefined;
  if (settings.offsite) {
    try {
      await copyOffsite(settings.offsite, written.path, written.fileName);
      offsite = "succeeded";
      offsiteCopies.inc({ outcome: "succeeded" });
    } catch (error) {
      offsite = "failed";
      offsiteError = error instanceof Error ? error.message || error.name : String(error);
      offsiteCopies.inc({ outcome: "failed" });
      log.error(
        { err: error, file: written.fileName },
        `backup written, but its copy to ${describeOffsiteTarget(settings.offsite)} failed: ${offsiteError}`,
      );
    }
  }
  const pruned = await pruneBackups(settings.directory, settings.keep).catch((error: unknown) => {
    log.warn({ err: error }, "could not delete old backups");
    return [] as string[];
  });
  backupsMetric.inc({ trigger, outcome: "succeeded" });
  await record(
    handle,
    {
      trigger,
      startedAt,
      outcome: "succeeded",
      fileName: written.fileName,
      bytes: written.bytes,
      offsiteOutcome: offsite,
      offsiteError: offsiteError?.slice(0, 2000),
    },
    log,
  );
  const report: BackupReport = {
    ...written,
    kind,
    tables: tables.length,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    offsite,
    offsiteError,
    pruned,
    durationMs: Date.now() - startedAt.getTime(),
    pauseMs: made.pauseMs,
  };
  log.info(
    {
      file: written.fileName,
      bytes: written.bytes,
      rows: report.rows,
      durationMs: report.durationMs,
      pauseMs: report.pauseMs,
      offsite,
      pruned,
    },
    "backup written",
  );
  return report;
}

async function record(handle: DatabaseHandle, run: Omit<typeof backupRuns.$inferInsert, "finishedAt" | "id">, log: Log): Promise<void> {
  try {
    await handle.db.insert(backupRuns).values({ ...run, finishedAt: new Date() });
  } catch (error) {
    log.error({ err: error }, "could not record the backup run in the database");
  }
}
