/**
 * Issue 15 finding 5: after kill -9, the embedded database's lock was refused for ~10 s
 * ("already open in another process"). A lock whose owner has ended is now recognised at once
 * (docs/decisions/0042), and a live owner's lock is still respected. Needs `npm run build`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { currentOwner, DataDirLockedError, lockDataDir, ownerHasEnded } from "../../db/data-dir-lock.server";
import { spawnServer, startServer, type ServerProcess } from "../support/server-process";
import { createTestDatabase } from "../support/test-database";

const scratch = mkdtempSync(path.join(tmpdir(), "data-dir-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirCounter = 0;
const newDataDir = () => path.join(scratch, `data-${++dirCounter}`);

/** A lock directory as a process that then died would leave it: fresh mtime, owner file inside. */
function leaveLock(dataDir: string, owner: object) {
  mkdirSync(`${dataDir}.lock`);
  writeFileSync(path.join(`${dataDir}.lock`, "owner.json"), JSON.stringify(owner));
}

/** The pid of a process that has just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the data directory lock", () => {
  it("takes over at once a fresh lock whose owner process has ended", async () => {
    const dataDir = newDataDir();
    leaveLock(dataDir, { ...currentOwner(), pid: deadPid(), startTime: "1" });
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });

  it.runIf(process.platform === "linux")("takes over a lock whose pid now belongs to another process (pid reuse)", async () => {
    const dataDir = newDataDir();
    // Our own pid is alive, but the recorded start time is not ours: the pid was reused.
    const reused = { ...currentOwner(), startTime: "12345" };
    expect(ownerHasEnded(reused)).toBe(true);
    leaveLock(dataDir, reused);
    const release = await lockDataDir(dataDir);
    await release();
  });

  it("respects a live owner's lock, and one it cannot judge (another host, another PID namespace, no owner file)", async () => {
    expect(ownerHasEnded(currentOwner())).toBe(false);
    const cases = [
      currentOwner(),
      { ...currentOwner(), pid: deadPid(), host: "another-host" },
      { ...currentOwner(), pid: deadPid(), pidNamespace: "pid:[1]" },
      null,
    ];
    for (const owner of cases) {
      const dataDir = newDataDir();
      if (owner) leaveLock(dataDir, owner);
      else mkdirSync(`${dataDir}.lock`);
      await expect(lockDataDir(dataDir)).rejects.toThrow(/already open in another process/);
    }
  });
});

/** SIGKILL the server and any child it has, as a crash or the OOM killer would. */
function killHard(proc: ServerProcess) {
  const tree = (pid: number): number[] => {
    let children: number[] = [];
    try {
      children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((child) => child > 0);
    } catch {
      // No children.
    }
    return [...children.flatMap(tree), pid];
  };
  for (const pid of tree(proc.child.pid!)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return proc.exited;
}

describe.skipIf(process.env.TEST_DATABASE_URL)("restart after kill -9", () => {
  it("starts again at once on the same data directory, and still refuses a second live process", async () => {
    const testDb = await createTestDatabase();
    const env = { ...testDb.env, AUTH_SECRET: "data-dir-lock-secret-0123456789-abcdefghij" };
    let server: ServerProcess | undefined = await startServer(env);
    try {
      await killHard(server);
      const started = Date.now();
      // No retries: the first start must find the dead process's lock and take it over.
      server = await startServer(env);
      const seconds = (Date.now() - started) / 1000;
      console.log(`restart after kill -9: listening after ${seconds.toFixed(1)} s`);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      const second = spawnServer(env);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already open in another process/);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server?.stop();
      await testDb.drop();
    }
  }, 120_000);
});
