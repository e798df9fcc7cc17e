/**
 * Restoring a backup (ADR 0044) into an empty data directory or PostgreSQL database; one that
 * holds data is refused unless forced. The file is checked before anything is touched
 * (backup-archive.server.ts), and the restored database is compared, table by table, with the
 * row counts and checksums the backup recorded when it was taken.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockDataDir } from "../../../db/data-dir-lock.server";
import { migrationsFolder } from "../../../db/client.server";
import { APP_SECRET_FILE, BackupRefusedError, openBackupArchive, type BackupManifest } from "./backup-archive.server";
import { libpqEnvironment, runPostgresTool } from "./postgres-tools.server";
import { checksumDifferences, tableChecksums, type RunQuery } from "./table-checksums.server";

export type DatabaseTarget = { kind: "embedded"; dataDir: string } | { kind: "postgres"; databaseUrl: string };

export interface RestoreReport {
  takenAt: string;
  tables: number;
  rows: number;
  /** Where the data that was there before went (embedded, --force). */
  movedAside?: string;
  /**
   * Whether the restore was written into the restored database's `database_restores` (the back
   * office shows it); a backup made before that table existed cannot hold the record.
   */
  recorded: boolean;
}

/** Refused because the target already holds data and --force was not given. */
export class TargetNotEmptyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetNotEmptyError";
  }
}

async function migrationsInThisRelease(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

async function checkManifestFits(manifest: BackupManifest, target: DatabaseTarget): Promise<void> {
  if (manifest.kind !== target.kind) {
    throw new BackupRefusedError(
      manifest.kind === "embedded"
        ? "This is a backup of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR), then move it to PostgreSQL with npm run db:move."
        : "This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.",
    );
  }
  const known = await migrationsInThisRelease();
  if (manifest.migrations.count > known) {
    throw new BackupRefusedError(
      `This backup was made by a newer release (${manifest.migrations.count} migrations; this one knows ${known}): restore it with that release or a later one.`,
    );
  }
}

/** True when the directory holds anything. */
async function hasEntries(directory: string): Promise<boolean> {
  return (await readdir(directory).catch(() => [] as string[])).length > 0;
}

export async function restoreBackup(file: string, target: DatabaseTarget, options: { force: boolean }): Promise<RestoreReport> {
  return target.kind === "embedded"
    ? restoreEmbedded(file, target.dataDir, options.force)
    : restorePostgres(file, target.databaseUrl, options.force);
}

async function restoreEmbedded(file: string, dataDir: string, force: boolean): Promise<RestoreReport> {
  await mkdir(dataDir, { recursive: true });
  // Refuses while the site (or anything else) has the directory open.
  const release = await lockDataDir(dataDir);
  const pgdata = path.join(dataDir, "pgdata");
  const staging = path.join(dataDir, `.pgdata.restoring-${process.pid}`);
  try {
    const occupied = await hasEntries(pgdata);
    if (occupied && !force) {
      throw new TargetNotEmptyError(
        `${dataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to move the current one aside (it is kept beside it) and restore.`,
      );
    }
    const opened = await openBackupArchive(file, dataDir);
    try {
      await checkManifestFits(opened.manifest, { kind: "embedded", dataDir });
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging);
      let recorded = false;
      const restored = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([await readFile(opened.payloadPath)]) });
      try {
        const sums = await restored.transaction((tx) =>
          tableChecksums(async (text) => (await tx.query<Record<string, unknown>>(text)).rows),
        );
        const differences = checksumDifferences(opened.manifest.tables, sums);
        if (differences.length > 0) {
          throw new BackupRefusedError(
            `The restored database does not match the backup's manifest, so it was not put in place:\n  ${differences.join("\n  ")}`,
          );
        }
        recorded = await recordRestore(
          async (text, params) => (await restored.query<Record<string, unknown>>(text, params)).rows,
          file,
          opened.manifest,
        );
      } finally {
        await restored.close();
      }
      let movedAside: string | undefined;
      if (existsSync(pgdata)) {
        movedAside = occupied ? `${pgdata}.replaced-${new Date().toISOString().replace(/[-:.]/g, "")}` : undefined;
        if (movedAside) await rename(pgdata, movedAside);
        else await rm(pgdata, { recursive: true, force: true });
      }
      await rename(staging, pgdata);
      if (opened.manifest.files.includes(APP_SECRET_FILE)) {
        const secretFile = path.join(dataDir, APP_SECRET_FILE);
        if (force || !existsSync(secretFile)) {
          await writeFile(secretFile, await readFile(path.join(opened.directory, APP_SECRET_FILE), "utf8"), { mode: 0o600 });
        }
      }
      return summary(opened.manifest, recorded, movedAside);
    } finally {
      await opened.cleanup();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await release();
  }
}

/** Schemas that hold anything of the app's: everything but PostgreSQL's own. */
const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

async function restorePostgres(file: string, databaseUrl: string, force: boolean): Promise<RestoreReport> {
  if (!libpqEnvironment(databaseUrl).PGDATABASE) throw new Error("DATABASE_URL must name a database (postgres://host/name)");
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "ridgeway restore" });
  await client.connect();
  try {
    const occupied = Number(
      (await client.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}`))
        .rows[0].n,
    );
    if (occupied > 0 && !force) {
      throw new TargetNotEmptyError(
        `The database in DATABASE_URL is not empty (${occupied} tables, sequences or indexes). Restore into a new, empty database (createdb), or add --force to drop everything in it first.`,
      );
    }
    const opened = await openBackupArchive(file, tmpdir());
    try {
      await checkManifestFits(opened.manifest, { kind: "postgres", databaseUrl });
      if (occupied > 0) {
        const schemas = (await client.query(`select nspname from pg_namespace n where ${USER_SCHEMAS}`)).rows.map((row) =>
          String(row.nspname),
        );
        for (const schema of schemas) await client.query(`drop schema "${schema.replaceAll('"', '""')}" cascade`);
        await client.query("create schema if not exists public");
      }
      await runPostgresTool(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE}`,
          opened.payloadPath,
        ],
        databaseUrl,
      );
      await client.query("begin");
      const query: RunQuery = async (text) => (await client.query(text)).rows;
      const differences = checksumDifferences(opened.manifest.tables, await tableChecksums(query));
      await client.query("rollback");
      if (differences.length > 0) {
        throw new BackupRefusedError(
          `The restored database does not match the backup's manifest; do not use it:\n  ${differences.join("\n  ")}`,
        );
      }
      const recorded = await recordRestore(async (text, params) => (await client.query(text, params)).rows, file, opened.manifest);
      return summary(opened.manifest, recorded);
    } finally {
      await opened.cleanup();
    }
  } finally {
    await client.end();
  }
}

/**
 * Writes the restore into the restored database, after it has been proved against the manifest
 * (so the proof is of the backup's own rows). The backup holds every run before it but not its own
 * (written when it ended), nor any after it: this row is how the back office knows which backup
 * the site now runs on, and when it was put back (issue 37).
 */
async function recordRestore(
  query: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>,
  file: string,
  manifest: BackupManifest,
): Promise<boolean> {
  const [table] = await query("select to_regclass('public.database_restores') is not null as present", []);
  if (!table?.present) return false;
  await query("insert into database_restores (restored_at, backup_file, backup_taken_at) values ($1, $2, $3)", [
    new Date().toISOString(),
    path.basename(file),
    manifest.createdAt,
  ]);
  return true;
}

function summary(manifest: BackupManifest, recorded: boolean, movedAside?: string): RestoreReport {
  return {
    takenAt: manifest.createdAt,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    movedAside,
    recorded,
  };
}
