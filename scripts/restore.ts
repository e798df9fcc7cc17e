/**
 * npm run restore -- <backup file> [--force]
 *
 * Restores a backup made by npm run backup (or the schedule) into the database the site is
 * configured for: DATABASE_URL when set, otherwise the embedded database in DATA_DIR (stop the
 * site first). The target must be empty unless --force is given (ADR 0044).
 */
import { DataDirLockedError } from "../db/client.server";
import { ConfigError, loadEnv } from "../app/env.server";
import { BackupRefusedError } from "../app/features/operations/backup-archive.server";
import { restoreBackup, TargetNotEmptyError } from "../app/features/operations/restore.server";

const USAGE = "Usage: npm run restore -- <backup file> [--force]";

async function main(argv: string[]): Promise<number> {
  const force = argv.includes("--force");
  const files = argv.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  // The database and backup settings only: the web server's production checks (AUTH_SECRET,
  // payment keys) are not this command's business.
  const env = loadEnv({ ...process.env, NODE_ENV: "development" });
  const target = env.DATABASE_URL
    ? ({ kind: "postgres", databaseUrl: env.DATABASE_URL } as const)
    : ({ kind: "embedded", dataDir: env.DATA_DIR } as const);
  try {
    const report = await restoreBackup(files[0]!, target, { force });
    console.log(
      `Restored the backup taken ${report.takenAt}: ${report.tables} tables, ${report.rows} rows, each table's count and checksum as recorded.`,
    );
    if (!report.recorded)
      console.log("This backup was made before restores were recorded in the database: the back office will not show this restore.");
    if (report.movedAside) console.log(`The database that was there is kept at ${report.movedAside}.`);
    console.log(target.kind === "embedded" ? `Start the site (npm start) on DATA_DIR=${env.DATA_DIR}.` : "Start the site on DATABASE_URL.");
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusedError || error instanceof TargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nStop the site before restoring into its data directory.`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
