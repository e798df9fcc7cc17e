import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `node --import tsx server/index.ts` as `npm start` does, minus the build step: one
 * process, which gets the signals sent to it itself.
 */
export function spawnServer(
  env: Record<string, string | undefined>,
  args: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts", ...args], {
    cwd: root,
    // No built-in backups (into the repository's ./backups) unless a test asks for them.
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", NODE_ENV: "production", BACKUP_SCHEDULE: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the production server on a free port and waits until it listens. */
export async function startServer(
  env: Record<string, string | undefined>,
  { timeoutMs = 45_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the server tests.");
  }
  const { child, output, exited } = spawnServer(env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: a server that starts late would hold its port and database until CI ends.
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time:\n${output()}`));
    }, timeoutMs);
    const onData = () => {
      const match = /"port":(\d+)/.exec(output());
      if (match && output().includes("listening on")) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output()}`));
    });
  });
  return {
    child,
    url,
    output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
