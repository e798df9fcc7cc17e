/**
 * npm run backup: one backup of the site's database into BACKUP_DIR, while the site runs
 * (docs/production.md, ADR 0043).
 *
 * - DATABASE_URL set: pg_dump of one consistent snapshot, from this process.
 * - Embedded database: the running site makes it, asked over DATA_DIR/control.sock; with the
 *   site stopped, this process opens the data directory and makes it itself.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { DataDirLockedError, openDatabase } from "../db/client.server";
import { ConfigError, loadEnv } from "../app/env.server";
import { backupSettingsFrom, runBackup, type BackupReport } from "../app/features/operations/backup.server";
import { askRunningSite } from "../app/features/operations/control-socket.server";

const log = pino({ level: process.env.LOG_LEVEL ?? "warn", base: { service: "ridgeway-backup" } });

function describe(report: BackupReport): string {
  const lines = [
    `Backup written: ${report.path}`,
    `  ${(report.bytes / 1024 / 1024).toFixed(1)} MB, ${report.tables} tables, ${report.rows} rows, ${(report.durationMs / 1000).toFixed(1)} s, SHA-256 ${report.sha256}`,
  ];
  if (report.pauseMs !== undefined) lines.push(`  The site's queries waited ${report.pauseMs} ms for the copy.`);
  if (report.offsite === "succeeded") lines.push("  Copied to S3-compatible storage.");
  if (report.offsite === "failed") lines.push(`  The copy to S3-compatible storage FAILED: ${report.offsiteError}`);
  if (report.pruned.length > 0) lines.push(`  Deleted ${report.pruned.length} old backup(s) beyond BACKUP_KEEP.`);
  return lines.join("\n");
}

async function main(): Promise<number> {
  // The database and backup settings only: the web server's production checks (AUTH_SECRET,
  // payment keys) are not this command's business.
  const env = loadEnv({ ...process.env, NODE_ENV: "development" });
  const settings = backupSettingsFrom(env);
  if (!env.DATABASE_URL) {
    const answer = await askRunningSite(env.DATA_DIR, { op: "backup" });
    if (answer) {
      if (!answer.ok) {
        console.error(`The running site could not make the backup: ${answer.error}`);
        return 1;
      }
      console.log(describe(answer.result as BackupReport));
      return 0;
    }
    if (!existsSync(path.join(env.DATA_DIR, "pgdata"))) {
      console.error(`There is no embedded database in ${env.DATA_DIR} (DATA_DIR): nothing to back up.`);
      return 1;
    }
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      migrate: false,
      seed: false,
      onConnectionError: () => {},
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe site is running on ${env.DATA_DIR} but did not answer on its control socket: it may still be starting (try again in a moment), or be an older release (restart it).`,
      );
      return 1;
    }
    throw error;
  }
  try {
    console.log(describe(await runBackup(database, settings, { trigger: "command", log })));
    return 0;
  } catch (error) {
    console.error(
      `Backup failed: ${error instanceof Error ? error.message : String(error)}\nThe backups already in ${settings.directory} are untouched.`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
