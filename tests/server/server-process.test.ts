import { createHash } from "node:crypto";
import http from "node:http";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";
import { spawnServer, startServer } from "../support/server-process";
import { createTestDatabase } from "../support/test-database";
import { modulesStartedAfterPaint } from "../../app/lib/paint-first";

describe("the production server", () => {
  // As `npm start` runs it: without NODE_ENV (the server defaults it to production).
  const site = serverForTests({ env: { NODE_ENV: undefined } });

  it("is built as one module whose only export is the Express app (vite.config.ts's server entry)", async () => {
    // A bundler upgrade that drops the entry option builds React Router's own handler instead,
    // and `npm start` fails with "createApp is not a function".
    const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as Record<string, unknown>;
    expect(Object.keys(build)).toEqual(["createApp"]);
    expect(typeof build.createApp).toBe("function");
    expect(readdirSync("build/server").filter((name) => name.endsWith(".js"))).toEqual(["index.js"]);
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
  });

  it("sends security headers: a fresh script nonce on a personal page, script hashes on a shared one", async () => {
    // A session cookie (even one that signs nobody in) makes the page the visitor's own.
    const personal = { headers: { cookie: "ridgeway.session_token=unknown" } };
    const [first, second] = await Promise.all([fetch(`${site.url}/`, personal), fetch(`${site.url}/`, personal)]);
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const html = await first.text();
    expect(html).toContain(`nonce="${nonce}"`);

    // The page anyone may be sent (the page cache's, a shared cache's) carries no nonce at all:
    // its policy lists the hash of each inline script it has, and of nothing else.
    for (const response of await Promise.all([fetch(`${site.url}/`), fetch(`${site.url}/`)])) {
      const policy = response.headers.get("content-security-policy")!;
      expect(policy).not.toContain("'nonce-");
      const page = await response.text();
      // No nonce attribute (the starter's script reads `.nonce` of the module block it runs).
      expect(page).not.toMatch(/\snonce=/);
      const inline = [...page.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1]!,
      );
      const hashes = new Set(inline.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`));
      expect(hashes.size).toBeGreaterThan(2);
      expect(
        /script-src ([^;]*)/
          .exec(policy)![1]!
          .split(" ")
          .filter((source) => source.startsWith("'sha256-"))
          .sort(),
      ).toEqual([...hashes].sort());
    }
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    // Served over plain HTTP here, so no HSTS.
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends a cached page as stored: compressed once, with a strong ETag per encoding, and a 304 for it", async () => {
    const path = `${site.url}/news`;
    await fetch(path);
    let brotli: Response | undefined;
    for (let attempt = 0; attempt < 50 && !brotli?.headers.get("etag")?.endsWith('-br"'); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      brotli = await fetch(path, { headers: { "accept-encoding": "gzip, deflate, br" } });
      await brotli.arrayBuffer();
    }
    const etag = brotli!.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(brotli!.headers.get("content-encoding")).toBe("br");
    expect(brotli!.headers.get("vary")).toMatch(/accept-encoding/i);

    // Through node:http: fetch adds "Cache-Control: no-cache" to a conditional request, which asks
    // for the page again whatever the ETag (as a shared cache revalidating would not).
    const conditional = (encoding: string) =>
      new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
        http
          .get(path, { headers: { "accept-encoding": encoding, "if-none-match": etag } }, (response) => {
            let body = "";
            response.setEncoding("latin1").on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode!, etag: response.headers.etag, body }));
          })
          .on("error", reject);
      });
    expect(await conditional("br")).toEqual({ status: 304, etag, body: "" });
    const plain = await conditional("identity");
    expect(plain.status).toBe(200);
    expect(plain.etag).toBe(etag.replace('-br"', '"'));
    expect(plain.body).toContain("</html>");
  });

  it("answers methods pages do not take without an error or a stack trace in the log", async () => {
    const before = site.server.output().length;
    const request = (method: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const outgoing = http.request(`${site.url}/`, { method }, (response) => {
          response.resume();
          resolve({ status: response.statusCode!, allow: response.headers.allow });
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
    expect(await request("OPTIONS")).toEqual({ status: 204, allow: "GET, HEAD, POST" });
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const answer = await request(method);
      expect(answer.status, method).toBeGreaterThanOrEqual(400);
      expect(answer.status, method).toBeLessThan(500);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = site.server.output().slice(before);
    expect(logged).not.toMatch(/\n\s+at /);
    expect(logged).not.toContain('"level":50');
  });

  it("compresses pages with brotli or gzip as the browser asks", async () => {
    const br = await fetch(`${site.url}/terms`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await fetch(`${site.url}/terms`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves hashed assets with a one-year immutable cache", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${site.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the brotli copy of an asset made at build time", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const response = await fetch(`${site.url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(Number(response.headers.get("content-length"))).toBe(statSync(`build/client${asset}.br`).size);
    // fetch decodes it: what arrives is the original file.
    const decoded = Buffer.from(await response.arrayBuffer());
    expect(decoded.equals(readFileSync(`build/client${asset}`))).toBe(true);
  });

  it("sends the home page at most 125 kB of JavaScript before it hydrates, gzipped (issue 17's budget)", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    // The modules the page starts once it has painted (ADR 0091): all it loads before it hydrates.
    const scripts = modulesStartedAfterPaint(html);
    expect(scripts.length).toBeGreaterThan(2);
    const gzippedBytes = scripts.reduce((sum, script) => sum + gzipSync(readFileSync(`build/client${script}`), { level: 9 }).length, 0);
    expect(gzippedBytes).toBeLessThanOrEqual(125_000);
    // ...none of it the back office's: its screens are not merged into the visitor's chunks.
    for (const script of scripts) expect(readFileSync(`build/client${script}`, "utf8"), script).not.toContain("/admin/");
  });

  // Every key page's JavaScript before it hydrates, gzipped (level 9), as the Rollup build of Vite 7
  // sent it on 2026-11-30 (ADR 0116): a bundler or chunking change may make none of them larger.
  it.each([
    ["/news", 128_542],
    ["/news/season-opener-silverstone-international", 126_227],
    ["/calendar", 131_706],
    ["/store", 132_789],
    ["/store/team-cap-red", 131_579],
    ["/team", 135_356],
    ["/cart", 130_031],
  ])("sends %s no more JavaScript before it hydrates than before the move to Rolldown (%i B gzipped)", async (page, ceiling) => {
    const html = await (await fetch(`${site.url}${page}`)).text();
    const scripts = modulesStartedAfterPaint(html);
    expect(scripts.length).toBeGreaterThan(2);
    // One shared chunk carries React, React Router and the layout (ADR 0084): a page starts a handful of files.
    expect(scripts.some((script) => /\/assets\/site-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.length).toBeLessThanOrEqual(18);
    const gzippedBytes = scripts.reduce((sum, script) => sum + gzipSync(readFileSync(`build/client${script}`), { level: 9 }).length, 0);
    expect(gzippedBytes).toBeLessThanOrEqual(ceiling);
  });

  it("answers a null character in a form field, a promo code or an order reference with a 4xx, not a 500", async () => {
    const checkout = (fields: Record<string, string>) =>
      fetch(`${site.url}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
        body: new URLSearchParams({
          productId: "6",
          size: "One Size",
          quantity: "1",
          email: "fan@example.com",
          shipName: "Alex Fan",
          shipLine1: "1 Pit Lane",
          shipTown: "Andover",
          shipPostcode: "SP11 8PW",
          ...fields,
        }),
        redirect: "manual",
      });
    expect((await checkout({ name: "Alex\u0000Fan" })).status).toBe(400);
    expect((await checkout({ name: "Alex Fan", promoCode: "RIDGEWAY\u000010" })).status).toBe(400);

    const quote = await fetch(`${site.url}/api/cart/quote`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ lines: [{ productId: 6, size: "One Size", quantity: 1 }], promoCode: "RIDGEWAY\u000010" }),
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { promo: { status: string } }).promo.status).toBe("invalid");

    const confirmation = await fetch(`${site.url}/order-confirmation?session_id=cs_test%00x`);
    // A NUL anywhere in the URL is refused before any route runs (tests/security, ADR 0057).
    expect(confirmation.status).toBe(400);
    expect(await confirmation.text()).toContain("null character");
  });

  it("keeps a request id given by the caller in the logs", async () => {
    const response = await fetch(`${site.url}/privacy`, { headers: { "x-request-id": "trace-abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("trace-abc-123");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = site.server
      .output()
      .split("\n")
      .find((entry) => entry.includes("trace-abc-123"));
    expect(line && JSON.parse(line)).toMatchObject({ req: { id: "trace-abc-123", url: "/privacy" } });
  });

  it("answers bad newsletter posts with a 400 and field messages, never a 500", async () => {
    const post = (body: BodyInit, type: string) =>
      fetch(`${site.url}/newsletter`, { method: "POST", body, headers: { "content-type": type } });
    expect((await post('{"email":"x"}', "application/json")).status).toBe(400);
    expect((await post("%%%", "multipart/form-data; boundary=nope")).status).toBe(400);
    const invalid = await post("email=fan%40&consent=no", "application/x-www-form-urlencoded");
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Enter a valid email address, like name@example.com.");
    const huge = await post(`email=${"a".repeat(100_000)}`, "application/x-www-form-urlencoded");
    expect(huge.status).toBe(413);
  });

  it("accepts a mail app's one-click unsubscribe (RFC 8058) and refuses an unknown token", async () => {
    const response = await fetch(`${site.url}/newsletter/unsubscribe?token=unknown-token`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
  });

  it("answers an unknown path with the 404 page and a 404 status", async () => {
    const response = await fetch(`${site.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });
});

describe("starting and stopping", () => {
  it("stops with a message naming a bad variable", async () => {
    const { exited, output } = spawnServer({ PORT: "eighty", DATABASE_URL: "mysql://nope" });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT: must be a number \(got "eighty"\)/);
    expect(output()).toMatch(/DATABASE_URL: must be a postgres:\/\//);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)("refuses a second process on the same embedded database", async () => {
    const testDb = await createTestDatabase();
    const first = await startServer(testDb.env);
    try {
      const second = spawnServer(testDb.env);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already open in another process/);
      // The first is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
      await testDb.drop();
    }
  });

  it("shuts down cleanly on SIGTERM and releases the database", async () => {
    const testDb = await createTestDatabase();
    try {
      const first = await startServer(testDb.env);
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(first.output()).toMatch(/"msg":"shut down"/);
      // The database was closed properly: a new process opens it straight away.
      const second = await startServer(testDb.env);
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      expect(await second.stop("SIGTERM")).toBe(0);
    } finally {
      await testDb.drop();
    }
  });
});
