import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/*
 * Debian's nginx with the project's caching configuration (deploy/nginx/page-cache.conf, ADR 0086),
 * started in the foreground on loopback in front of an app: for the caching-proxy test and
 * `BENCH_PROXY=nginx npm run bench`.
 */

/** deploy/nginx/page-cache.conf with its cache kept in `cacheDir`. */
export function pageCacheConfig(cacheDir: string, partnerHitLog = path.join(cacheDir, "..", "partner-hits.log")): string {
  const config = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx/page-cache.conf"), "utf8");
  if (!config.includes("/var/cache/nginx/ridgeway"))
    throw new Error("deploy/nginx/page-cache.conf no longer keeps its cache in /var/cache/nginx/ridgeway");
  return config.replace("/var/cache/nginx/ridgeway", cacheDir).replace("/var/log/nginx/ridgeway-partner-hits.log", partnerHitLog);
}

export interface CachingProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground with deploy/nginx/page-cache.conf, in front of one app process or
 * several (taken in turn, as deploy/nginx/ridgeway.conf's upstream does).
 */
export async function startNginx(appUrls: string | readonly string[], options: { partnerHitLog?: string } = {}): Promise<CachingProxy> {
  const upstreams = (typeof appUrls === "string" ? [appUrls] : appUrls).map((url) => `server ${new URL(url).host};`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "ridgeway-nginx-"));
  const port = await freePort();
  writeFileSync(path.join(dir, "page-cache.conf"), pageCacheConfig(path.join(dir, "cache"), options.partnerHitLog));
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
      // No general access log: page-cache.conf's log of partner hits is the only one.
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/page-cache.conf;`,
      // What deploy/nginx/ridgeway.conf adds around it (TLS, several app processes) is covered
      // by tests/server/production-files.test.ts.
      `  upstream ridgeway_app { ${upstreams.join(" ")} keepalive 32; }`,
      "  server {",
      `    listen 127.0.0.1:${port};`,
      "    location / {",
      "      proxy_pass http://ridgeway_app;",
      "      proxy_http_version 1.1;",
      '      proxy_set_header Connection "";',
      "      proxy_set_header Host $http_host;",
      "    }",
      "  }",
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
