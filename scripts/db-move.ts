/**
 * npm run db:move -- postgres://user:pass@host/db [--force]
 *
 * Moves the embedded database in DATA_DIR to an empty PostgreSQL database: migrations first,
 * every table copied, sequences set, then every table's count and checksum compared before
 * anything is committed (ADR 0045). Stop the site first. Then start it with DATABASE_URL.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "../db/client.server";
import { ConfigError, loadEnv } from "../app/env.server";
import { moveToPostgres } from "../app/features/operations/move.server";
import { TargetNotEmptyError } from "../app/features/operations/restore.server";

const USAGE = "Usage: npm run db:move -- postgres://user:password@host:5432/database [--force]";

async function main(argv: string[]): Promise<number> {
  const force = argv.includes("--force");
  const urls = argv.filter((arg) => arg !== "--force");
  if (urls.length !== 1 || !/^postgres(ql)?:\/\/.+/.test(urls[0]!)) {
    console.error(USAGE);
    return 2;
  }
  // Only DATA_DIR matters here; the web server's production checks (AUTH_SECRET, payments) do not.
  const env = loadEnv({ ...process.env, DATABASE_URL: undefined, NODE_ENV: "development" });
  try {
    const report = await moveToPostgres({ dataDir: env.DATA_DIR, databaseUrl: urls[0]!, force, log: (line) => console.log(line) });
    console.log(
      `Moved ${report.tables} tables (${report.rows} rows) and ${report.sequences} sequences in ${(report.durationMs / 1000).toFixed(1)} s; every table's count and checksum match.`,
    );
    const secretFile = path.join(env.DATA_DIR, "app-secret");
    if (!env.AUTH_SECRET && existsSync(secretFile)) {
      console.log(`Set AUTH_SECRET to the contents of ${secretFile} on every process: sessions and two-factor secrets are sealed with it.`);
    }
    console.log(`Start the site with DATABASE_URL set to that database. ${env.DATA_DIR} is left as it was.`);
    return 0;
  } catch (error) {
    if (error instanceof TargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nStop the site first: the move copies a database that is not changing.`);
      return 1;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
