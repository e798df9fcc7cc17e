/**
 * npm run backup / npm run restore on bad days (issue 20, ADRs 0043-0044): a backup that fails
 * leaves the others intact and is recorded; the S3 copy works, and its failure is recorded
 * without losing the local file; restore refuses a non-empty target without --force and a
 * damaged file; a backup killed with -9 leaves no file under a final name. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL. Needs `npm run build` (the running-site case).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns } from "../../db/schema";
import { runBackup, type BackupSettings } from "../../app/features/operations/backup.server";
import { sha256OfFile } from "../../app/features/operations/backup-archive.server";
import { serverForTests } from "../support/server-fixture";
import { createTestDatabase, seededTestDatabase, type TestDatabase } from "../support/test-database";

const root = path.resolve(import.meta.dirname, "../..");
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const scratch = mkdtempSync(path.join(tmpdir(), "ridgeway-backup-commands-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => path.join(scratch, `dir-${++dirs}`);
const finalBackups = (directory: string) =>
  readdirSync(directory)
    .filter((name) => /^ridgeway-.*\.tar$/.test(name))
    .sort();

/** Runs one of the package's scripts as `npm run` does; resolves with its exit code and output. */
function runScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string | undefined>,
): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
  return { child, done };
}

/** A stand-in for an S3-compatible store: keeps the SHA-256 of each object PUT to it. */
function fakeS3(): Promise<{ url: string; objects: Map<string, string>; close(): Promise<void> }> {
  const objects = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const hash = createHash("sha256");
    req.on("data", (chunk: Buffer) => hash.update(chunk));
    req.on("end", () => {
      if (req.method !== "PUT" || !req.headers.authorization?.startsWith("AWS4-HMAC-SHA256")) {
        res.writeHead(403).end();
        return;
      }
      objects.set(decodeURIComponent(new URL(req.url!, "http://x").pathname), hash.digest("hex"));
      res.writeHead(200, { ETag: '"etag"' }).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, objects, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

describe("backups that fail, copies offsite, and restore's refusals", () => {
  const suite = seededTestDatabase();
  const directory = newDir();
  const settings = (): BackupSettings => ({ directory, keep: 0, offsite: null, dataDir: suite.testDb.dataDir });
  let first: { path: string; sha256: string };
  let restoreTarget: TestDatabase;

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = "test-access-key";
    process.env.AWS_SECRET_ACCESS_KEY = "test-secret-key";
    first = await runBackup(suite.handle, settings(), { trigger: "command", log: quiet });
    restoreTarget = await createTestDatabase();
  });
  afterAll(async () => {
    await restoreTarget?.drop();
  });

  it("records a failed backup and leaves the backups already there untouched", async () => {
    const blocked = path.join(scratch, "a-file");
    writeFileSync(blocked, "not a directory");
    await expect(
      runBackup(suite.handle, { ...settings(), directory: path.join(blocked, "backups") }, { trigger: "schedule", log: quiet }),
    ).rejects.toThrow(/ENOTDIR|not a directory/);
    const [last] = await suite.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
    expect(last).toMatchObject({ trigger: "schedule", outcome: "failed", fileName: null });
    expect(last!.error).toMatch(/ENOTDIR|not a directory/);
    expect(finalBackups(directory)).toEqual([path.basename(first.path)]);
    expect(await sha256OfFile(first.path)).toBe(first.sha256);
  });

  it("copies each backup to S3-compatible storage, and records a copy that failed without losing the file", async () => {
    const s3 = await fakeS3();
    try {
      const copied = await runBackup(
        suite.handle,
        { ...settings(), offsite: { bucket: "team-backups", prefix: "ridgeway/site", endpoint: s3.url, region: "us-east-1" } },
        { trigger: "command", log: quiet },
      );
      expect(copied.offsite).toBe("succeeded");
      expect(s3.objects.get(`/team-backups/ridgeway/site/${copied.fileName}`)).toBe(copied.sha256);
    } finally {
      await s3.close();
    }
    const unreachable = await runBackup(
      suite.handle,
      { ...settings(), offsite: { bucket: "team-backups", prefix: "", endpoint: "http://127.0.0.1:9", region: "us-east-1" } },
      { trigger: "command", log: quiet },
    );
    expect(unreachable.offsite).toBe("failed");
    expect(existsSync(unreachable.path)).toBe(true);
    const [last] = await suite.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
    expect(last).toMatchObject({ outcome: "succeeded", fileName: unreachable.fileName, offsiteOutcome: "failed" });
  });

  it("keeps the newest BACKUP_KEEP backups", async () => {
    const before = finalBackups(directory);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const newest = await runBackup(suite.handle, { ...settings(), keep: 2 }, { trigger: "command", log: quiet });
    expect(newest.pruned.length).toBe(before.length - 1);
    expect(finalBackups(directory)).toHaveLength(2);
    expect(finalBackups(directory)).toContain(newest.fileName);
  });

  it("restores into an empty place, then refuses it without --force, refuses a damaged file, and replaces with --force", async () => {
    const backup = path.join(directory, finalBackups(directory).at(-1)!);
    const env = { DATA_DIR: restoreTarget.dataDir, DATABASE_URL: restoreTarget.databaseUrl ?? "" };
    const restored = await runScript("restore", [backup], env).done;
    expect(restored.output).toMatch(/Restored the backup taken .*tables, \d+ rows/);
    expect(restored.code).toBe(0);

    const again = await runScript("restore", [backup], env).done;
    expect(again.code).toBe(1);
    expect(again.output).toMatch(restoreTarget.kind === "pglite" ? /already holds a database.*--force/s : /not empty.*--force/s);

    const cut = path.join(scratch, path.basename(backup));
    copyFileSync(backup, cut);
    truncateSync(cut, Math.floor(readFileSync(backup).length / 2));
    const damaged = await runScript("restore", [cut, "--force"], env).done;
    expect(damaged.code).toBe(1);
    expect(damaged.output).toMatch(/is damaged: its checksum .* \(cut short or altered\)\. Nothing was restored\./);

    const forced = await runScript("restore", [backup, "--force"], env).done;
    expect(forced.code).toBe(0);
    if (restoreTarget.kind === "pglite") expect(forced.output).toMatch(/The database that was there is kept at .*pgdata\.replaced-/);
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)("npm run backup against the running site on the embedded database", () => {
  const backupDir = newDir();
  const backupEnv = { BACKUP_DIR: backupDir, BACKUP_SCHEDULE: "off" };
  const site = serverForTests({ env: backupEnv, startTimeoutMs: 90_000 });

  it("asks the site over its control socket; a kill -9 mid-backup leaves no file under a final name", async () => {
    const env = { ...site.testDb.env, ...backupEnv };
    const server = site.server;
    const good = await runScript("backup", [], env).done;
    expect(good.output).toMatch(/Backup written: .*ridgeway-embedded-.*\.tar/);
    expect(good.code).toBe(0);
    expect(finalBackups(backupDir)).toHaveLength(1);

    // Kill the site while it writes the next one.
    const cut = runScript("backup", [], env);
    let sawPartial = false;
    for (let i = 0; i < 1_000 && !sawPartial; i++) {
      sawPartial = readdirSync(backupDir).some((name) => name.endsWith(".partial"));
      if (!sawPartial) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(sawPartial).toBe(true);
    server.child.kill("SIGKILL");
    await server.exited;
    expect((await cut.done).code).toBe(1);
    expect(finalBackups(backupDir)).toHaveLength(1);

    // With the site down the command opens the data directory itself, and clears the leftovers.
    const after = await runScript("backup", [], env).done;
    expect(after.code).toBe(0);
    expect(finalBackups(backupDir)).toHaveLength(2);
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  }, 180_000);
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("npm run backup on PostgreSQL", () => {
  const suite = seededTestDatabase();

  it("writes a pg_dump backup, and a kill -9 mid-dump leaves no file under a final name", async () => {
    const backupDir = newDir();
    const env = { ...suite.testDb.env, BACKUP_DIR: backupDir };
    const good = await runScript("backup", [], env).done;
    expect(good.output).toMatch(/Backup written: .*ridgeway-postgres-.*\.tar/);
    expect(good.code).toBe(0);

    const cut = runScript("backup", [], env);
    let sawPartial = false;
    for (let i = 0; i < 2_000 && !sawPartial; i++) {
      sawPartial = existsSync(backupDir) && readdirSync(backupDir).some((name) => name.endsWith(".partial"));
      if (!sawPartial) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(sawPartial).toBe(true);
    cut.child.kill("SIGKILL");
    await cut.done;
    expect(finalBackups(backupDir)).toHaveLength(1);

    const after = await runScript("backup", [], env).done;
    expect(after.code).toBe(0);
    expect(finalBackups(backupDir)).toHaveLength(2);
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});
