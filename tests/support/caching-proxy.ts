import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * Debian's nginx with the project's caching configuration (deploy/nginx-cache.conf, ADR 0086),
 * started in the foreground on loopback in front of an app: for the caching-proxy test and
 * `BENCH_PROXY=nginx npm run bench`.
 */

export interface CachingProxy {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Starts nginx in the foreground with deploy/nginx-cache.conf, pointed at `appUrl`. */
export async function startNginx(appUrl: string): Promise<CachingProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ridgeway-nginx-"));
  const port = await freePort();
  const site = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx-cache.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", `server ${new URL(appUrl).host};`)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace("/var/cache/nginx/ridgeway", path.join(dir, "cache"));
  writeFileSync(path.join(dir, "site.conf"), site);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      // Root runs the workers as root here: the temporary directory is root's alone.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/site.conf;`,
      "}",
    ].join("\n"),
  );
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() - started > 10_000) throw new Error(`nginx did not start: ${readFileSync(path.join(dir, "error.log"), "utf8")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
