/**
 * How `npm run backup` reaches a running site on the embedded database (ADR 0043). PGlite is
 * one process per data directory, so only the process that has it open can copy it
 * consistently: that process listens on a Unix socket in DATA_DIR (owner-only, like the data),
 * and the command asks it there. One JSON line each way.
 */
import { chmod, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

export type ControlRequest = { op: "backup" };
export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/** Unix socket paths are limited to 107 bytes; a longer DATA_DIR has no socket. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string | null {
  const file = path.join(dataDir, "control.sock");
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : null;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/control.sock. Call only while holding the data directory's lock: a socket
 * file found there is a dead process's, and is replaced.
 */
export async function startControlSocket(
  dataDir: string,
  handlers: Record<ControlRequest["op"], () => Promise<unknown>>,
): Promise<ControlSocket | null> {
  const file = controlSocketPath(dataDir);
  if (!file) return null;
  await rm(file, { force: true });
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) return socket.destroy();
      const newline = input.indexOf("\n");
      if (newline === -1) return;
      socket.pause();
      void answer(input.slice(0, newline)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string): Promise<ControlAnswer> => {
    let request: Partial<ControlRequest>;
    try {
      request = JSON.parse(line) as Partial<ControlRequest>;
    } catch {
      return { ok: false, error: "not a JSON request" };
    }
    const handler = request.op && Object.hasOwn(handlers, request.op) ? handlers[request.op] : undefined;
    if (!handler) return { ok: false, error: `unknown request ${JSON.stringify(request.op)}` };
    try {
      return { ok: true, result: await handler() };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(file, 0o600);
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends one request to the site running on `dataDir`. Resolves with its answer, or null when no
 * process listens there (no socket file, or a dead process's).
 */
export function askRunningSite(dataDir: string, request: ControlRequest, timeoutMs = 15 * 60_000): Promise<ControlAnswer | null> {
  const file = controlSocketPath(dataDir);
  if (!file) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let output = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the site did not answer within ${Math.round(timeoutMs / 1000)} s`)));
    socket.once("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (output += chunk));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    socket.once("end", () => {
      try {
        resolve(JSON.parse(output) as ControlAnswer);
      } catch {
        reject(new Error("the site's answer was cut short"));
      }
    });
  });
}
