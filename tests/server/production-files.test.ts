/**
 * The files docs/production.md tells an operator to install (issue 20 item 5): the systemd units
 * pass `systemd-analyze verify`, and the nginx configuration, run by Debian's nginx in front of a
 * real app process, terminates TLS, redirects HTTP, passes the proxy headers the app trusts, and
 * keeps /metrics off the public site. Only the deployment-specific lines (listen addresses,
 * certificate paths, upstream ports) are changed for the test, and each change is checked to
 * have found its line. Needs `npm run build`; runs once, in the embedded database's pass.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCacheConfig } from "../support/caching-proxy";
import { serverForTests } from "../support/server-fixture";
import { freePort } from "../support/free-port";
import { openDatabase } from "../../db/client.server";
import { appendLiveEvent } from "~/features/live/live-events.server";
import { liveIds, openSse } from "../support/sse";

const root = path.resolve(import.meta.dirname, "../..");
const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const firstPass = !process.env.TEST_DATABASE_URL;

describe.runIf(firstPass)("docs/production.md", () => {
  it("names only files that are committed, and the README links to it", () => {
    const guide = readFileSync(path.join(root, "docs/production.md"), "utf8");
    const named = [...guide.matchAll(/(?:deploy|tests\/server|docs\/decisions)\/[\w./@-]*\w/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(3);
    for (const file of named) expect(existsSync(path.join(root, file)), file).toBe(true);
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain("](docs/production.md)");
  });
});

describe.runIf(firstPass && has("systemd-analyze"))("the systemd units in deploy/systemd", () => {
  it("pass systemd-analyze verify without a warning", () => {
    // verify checks that ExecStart's program exists: the units start the release's own Node.js at
    // /opt/ridgeway/current/node_modules/.bin/node (ADR 0113), so a copy points at this checkout's.
    const directory = mkdtempSync(path.join(tmpdir(), "ridgeway-systemd-"));
    let execStarts = 0;
    for (const name of readdirSync(path.join(root, "deploy/systemd"))) {
      const text = readFileSync(path.join(root, "deploy/systemd", name), "utf8").replace(/^ExecStart=\/opt\/ridgeway\/current\//gm, () => {
        execStarts += 1;
        return `ExecStart=${root}/`;
      });
      writeFileSync(path.join(directory, name), text);
    }
    expect(execStarts).toBe(2);
    expect(existsSync(path.join(root, "node_modules/.bin/node")), "npm install puts the pinned Node.js in node_modules/.bin").toBe(true);
    const units = readdirSync(directory).map((name) => (name === "ridgeway@.service" ? "ridgeway@3001.service" : name));
    expect(units).toEqual(
      expect.arrayContaining(["ridgeway@3001.service", "ridgeway.target", "ridgeway-backup.service", "ridgeway-backup.timer"]),
    );
    const result = spawnSync("systemd-analyze", ["verify", ...units.map((unit) => `./${unit}`)], { cwd: directory, encoding: "utf8" });
    rmSync(directory, { recursive: true, force: true });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const target = new URL(url);
  const request_ = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = request_(
      target,
      {
        headers: { Host: "ridgeway-racing.example", ...headers },
        rejectUnauthorized: false,
        servername: "ridgeway-racing.example",
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe.runIf(firstPass && has("nginx") && has("openssl"))("the nginx configuration in deploy/nginx", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "ridgeway-nginx-"));
  const METRICS_TOKEN = "nginx-test-metrics-token-0123456789abcdef";
  const LIVE_HEARTBEAT_MS = 300;
  let roundId = "";
  const liveEventIds: number[] = [];
  const app = serverForTests({
    env: {
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://ridgeway-racing.example",
      METRICS_TOKEN,
      BACKUP_SCHEDULE: "off",
      LIVE_HEARTBEAT_MS: String(LIVE_HEARTBEAT_MS),
    },
    // A round with live events already in its log (the embedded database: written before the app holds it).
    prepare: async (testDb) => {
      const handle = await openDatabase({ dataDir: testDb.dataDir, onConnectionError: () => {} });
      try {
        const [round] = await handle.db.query.rounds.findMany({ limit: 1 });
        roundId = round!.id;
        for (const postId of [1, 2])
          liveEventIds.push(
            (await handle.db.transaction((tx) => appendLiveEvent(tx, { roundId, kind: "ticker-removed", payload: { postId } }))).id,
          );
      } finally {
        await handle.close();
      }
    },
  });
  let nginx: ChildProcess | undefined;
  let httpPort: number;
  let httpsPort: number;

  beforeAll(async () => {
    const appPort = new URL(app.url).port;
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const cert = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=ridgeway-racing.example",
        "-keyout",
        `${scratch}/key.pem`,
        "-out",
        `${scratch}/cert.pem`,
      ],
      { encoding: "utf8" },
    );
    expect(cert.status, cert.stderr).toBe(0);

    let config = readFileSync(path.join(root, "deploy/nginx/ridgeway.conf"), "utf8");
    const replace = (from: string, to: string) => {
      expect(config, `deploy/nginx/ridgeway.conf should contain "${from}"`).toContain(from);
      config = config.replaceAll(from, to);
    };
    replace("listen 80;", `listen 127.0.0.1:${httpPort};`);
    replace("listen [::]:80;", "");
    replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
    replace("listen [::]:443 ssl http2;", "");
    replace("/etc/letsencrypt/live/ridgeway-racing.example/fullchain.pem", `${scratch}/cert.pem`);
    replace("/etc/letsencrypt/live/ridgeway-racing.example/privkey.pem", `${scratch}/key.pem`);
    // The first upstream is the running app; the other three are down, as during a restart.
    replace("127.0.0.1:3001", `127.0.0.1:${appPort}`);
    for (const port of [3002, 3003, 3004]) replace(`127.0.0.1:${port}`, `127.0.0.1:${await freePort()}`);
    writeFileSync(path.join(scratch, "ridgeway.conf"), config);
    // Both files go into /etc/nginx/conf.d/ (docs/production.md).
    writeFileSync(path.join(scratch, "page-cache.conf"), pageCacheConfig(path.join(scratch, "cache")));
    writeFileSync(
      path.join(scratch, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${scratch}/nginx.pid;
error_log ${scratch}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${scratch}/client_body;
  proxy_temp_path ${scratch}/proxy;
  fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi;
  scgi_temp_path ${scratch}/scgi;
  include ${scratch}/page-cache.conf;
  include ${scratch}/ridgeway.conf;
}
`,
    );
    const check = spawnSync("nginx", ["-t", "-p", scratch, "-c", `${scratch}/nginx.conf`], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn("nginx", ["-p", scratch, "-c", `${scratch}/nginx.conf`, "-g", "daemon off;"], { stdio: "ignore" });
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await get(`https://127.0.0.1:${httpsPort}/healthz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 150_000);

  // Before the fixture's own afterAll (vitest runs them last-registered first), which stops the app and drops its database.
  afterAll(() => {
    nginx?.kill("SIGQUIT");
    rmSync(scratch, { recursive: true, force: true });
  });

  it("serves the site over TLS, and the app knows the visitor came over HTTPS", async () => {
    const home = await get(`https://127.0.0.1:${httpsPort}/`);
    expect(home.status).toBe(200);
    expect(home.body).toContain("Ridgeway Racing");
    // HSTS is only sent for secure requests: the app believed nginx's X-Forwarded-Proto.
    expect(home.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(home.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    // The page cache (page-cache.conf) is in place: the second visitor gets nginx's copy.
    expect((await get(`https://127.0.0.1:${httpsPort}/`)).headers["x-cache-status"]).toBe("HIT");
    const asset = readdirSync(path.join(root, "build/client/assets")).find((name) => name.endsWith(".css"))!;
    const css = await get(`https://127.0.0.1:${httpsPort}/assets/${asset}`);
    expect(css.status).toBe(200);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("passes React Router's data requests through, in both address forms, and caches them by their own address", async () => {
    for (const path of ["/_.data", "/_root.data", "/news.data", "/news/_.data"]) {
      const first = await get(`https://127.0.0.1:${httpsPort}${path}`);
      expect(first.status, path).toBe(200);
      expect(first.headers["content-type"], path).toMatch(/^text\/x-script/);
      expect((await get(`https://127.0.0.1:${httpsPort}${path}`)).headers["x-cache-status"], path).toBe("HIT");
    }
  });

  it("passes a round's live stream through unbuffered: the first byte at once, each heartbeat as it is written", async () => {
    const opened = performance.now();
    const reader = await openSse(
      `https://127.0.0.1:${httpsPort}/live/${roundId}/events?after=0`,
      { Host: "ridgeway-racing.example" },
      undefined,
      "ridgeway-racing.example",
    );
    try {
      expect(reader.status).toBe(200);
      expect(reader.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      await reader.until(() => reader.raw().startsWith(": live"), 2_000);
      expect(performance.now() - opened).toBeLessThan(1_500);
      const beats = () => reader.messages.filter((message) => message.event === "heartbeat");
      await reader.until(() => beats().length >= 4, 5_000);
      expect(liveIds(reader.messages)).toEqual(liveEventIds);
      // Buffered, they would come in bursts; here each comes about one interval after the last.
      const gaps = beats()
        .slice(1)
        .map((beat, index) => beat.at - beats()[index]!.at);
      for (const gap of gaps) expect(gap).toBeGreaterThan(LIVE_HEARTBEAT_MS / 3);
    } finally {
      reader.close();
    }
  });

  it("keeps the live feed for its two seconds: a crowd asking for it at once makes one request to the app", async () => {
    const feed = `https://127.0.0.1:${httpsPort}/live/${roundId}/updates?since=${liveEventIds.at(-1)}`;
    const count = async () => {
      const text = await (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(
        /^ridgeway_http_requests_total\{method="GET",route="\/live\/:roundId\/updates",status="200"\} (\d+)/m.exec(text)?.[1] ?? 0,
      );
    };
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(feed)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect(JSON.parse(answers[0]!.body)).toEqual({ roundId, events: [], lastEventId: liveEventIds.at(-1), more: false });
    expect(answers[0]!.headers["cache-control"]).toBe("public, max-age=2, stale-while-revalidate=8");
    expect((await count()) - before).toBe(1);
    expect((await get(feed)).headers["x-cache-status"]).toMatch(/^(HIT|UPDATING|STALE)$/);
    // Signed in or not, the same copy.
    expect((await get(feed, { Cookie: "__Secure-ridgeway.session_token=abc" })).headers["x-cache-status"]).not.toBe("BYPASS");
  });

  it("redirects plain HTTP to HTTPS", async () => {
    const answer = await get(`http://127.0.0.1:${httpPort}/store?category=apparel`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("https://ridgeway-racing.example/store?category=apparel");
  });

  it("keeps /metrics off the public site, even with the token, while the process itself serves it", async () => {
    const outside = await get(`https://127.0.0.1:${httpsPort}/metrics`, { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(outside.status).toBe(404);
    expect(outside.body).not.toContain("ridgeway_http_requests_total");
    const direct = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain("ridgeway_http_requests_total");
  });
});
