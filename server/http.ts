import http from "node:http";
import type { RequestListener } from "node:http";
import type { Logger } from "pino";
import { closeLingeringlyWhenAnsweredEarly } from "./body-limit";

export function listen(handler: RequestListener, host: string, port: number): Promise<http.Server> {
  const server = http.createServer(handler);
  // Before the handler: a connection answered while its client still sends is closed without a reset.
  server.prependListener("request", closeLingeringlyWhenAnsweredEarly);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections, lets in-flight requests finish, then runs
 * `cleanup` (close the database). Idle keep-alive sockets are closed at once;
 * busy ones are told to close after their current response.
 * Resolves true when everything finished in time, false when it had to force.
 */
export function drain(server: http.Server, options: { timeoutMs: number; log: Logger; cleanup: () => Promise<void> }): Promise<boolean> {
  server.on("request", (_req, res) => res.setHeader("Connection", "close"));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
  });
  return Promise.race([closed, timedOut]).then(async (outcome) => {
    clearTimeout(timer);
    if (outcome === "timeout") {
      options.log.warn({ timeoutMs: options.timeoutMs }, "shutdown: requests still running, closing them");
      server.closeAllConnections();
    }
    await options.cleanup();
    return outcome !== "timeout";
  });
}
