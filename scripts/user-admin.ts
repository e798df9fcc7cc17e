/**
 * Account administration from the command line, on the same database the app
 * uses (DATABASE_URL, or the embedded one in DATA_DIR; stop the app first when
 * it runs on the embedded database, which one process at a time may open).
 *
 *   npm run user:grant-admin -- <email>
 *   npm run user:link-driver -- <email> <driverId>
 */
import { DataDirLockedError, openDatabase } from "../db/client.server";
import { ConfigError, loadEnv } from "../app/env.server";
import { grantAdmin, linkDriver } from "../app/features/account/user-admin.server";

const USAGE = `Usage:
  npm run user:grant-admin -- <email>
  npm run user:link-driver -- <email> <driverId>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if ((command === "grant-admin" && args.length !== 1) || (command === "link-driver" && args.length !== 2)) {
    console.error(USAGE);
    return 2;
  }
  if (command !== "grant-admin" && command !== "link-driver") {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, seed: false });
  try {
    const result = command === "grant-admin" ? await grantAdmin(database.db, args[0]!) : await linkDriver(database.db, args[0]!, args[1]!);
    if (result.ok) {
      console.log(result.message);
      return 0;
    }
    console.error(result.message);
    return 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
