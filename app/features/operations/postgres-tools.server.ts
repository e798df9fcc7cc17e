/**
 * PostgreSQL's own pg_dump and pg_restore, run as child processes. The connection is handed
 * over in libpq's environment variables rather than on the command line, where any user of
 * the machine could read a password in the process list.
 */
import { spawn } from "node:child_process";

export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const host = url.searchParams.get("host") ?? decodeURIComponent(url.hostname).replace(/^\[|\]$/g, "");
  if (host) env.PGHOST = host;
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs pg_dump or pg_restore against `databaseUrl`; rejects with what the tool printed. */
export function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...libpqEnvironment(databaseUrl), PGAPPNAME: `ridgeway ${tool}` },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} is not installed or not on PATH: install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client)`,
            )
          : error,
      );
    });
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || "no message"}`));
    });
  });
}
