import { readFileSync } from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { readVitalsReport } from "../../app/features/vitals/vitals.server";
import { serverForTests } from "../support/server-fixture";
import { modulesStartedAfterPaint } from "../../app/lib/paint-first";

/**
 * POST /api/vitals through the running server (ADR 0089): what a browser's sendBeacon sends
 * (text/plain, its own Origin) is counted; the origin check, the body cap while streaming and the
 * status codes hold; no cookie is read or set; pages say which route they are.
 */
describe("POST /api/vitals on the running server", () => {
  const site = serverForTests({ env: { VITALS_SAMPLE_RATE: "0.5" } });

  /** As Chromium sends navigator.sendBeacon(url, string) from the site's own page. */
  const sendBeacon = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/api/vitals`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        Origin: site.url,
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "no-cors",
        ...headers,
      },
    });

  it("tells the browser which route pattern a page is and how often to report", async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toMatch(/<html lang="en-GB" data-vitals-page="\/" data-vitals-sample-rate="0.5"/);
    const news = await (await fetch(`${site.url}/news`)).text();
    const article = /href="(\/news\/[\w-]+)"/.exec(news)![1]!;
    const page = await (await fetch(`${site.url}${article}?utm_source=newsletter`)).text();
    expect(page).toContain('data-vitals-page="/news/:reportId"');
    expect(page).not.toContain(`data-vitals-page="${article}`);
  });

  it("counts a beacon with 204, reading and setting no cookie", async () => {
    const response = await sendBeacon(
      JSON.stringify({ page: "/news/:reportId", metrics: { LCP: 2100, INP: 64, CLS: 0.01, TTFB: 420, FCP: 1500 } }),
      {
        Cookie: "ridgeway.session_token=whatever; cart=abc",
      },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    for (const LCP of [900, 1000, 1100])
      expect((await sendBeacon(JSON.stringify({ page: "/news/:reportId", metrics: { LCP } }))).status).toBe(204);
  });

  it("answers malformed beacons with 400 and other sites with 403, never a 500", async () => {
    for (const body of ["", "{", '{"page":"/","metrics":{"LCP":"x"}}', '{"page":"/news/some-article","metrics":{"LCP":1}}']) {
      const response = await sendBeacon(body);
      expect(response.status, body).toBe(400);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect((await sendBeacon('{"page":"/","metrics":{"LCP":1000}}', { Origin: "https://evil.example" })).status).toBe(403);
    expect((await fetch(`${site.url}/api/vitals`)).status).toBe(405);
  });

  it("answers 413 to a body over 2 KB, with or without Content-Length", async () => {
    const big = JSON.stringify({ page: "/", metrics: { LCP: 1000 }, padding: "x".repeat(4_000) });
    expect((await sendBeacon(big)).status).toBe(413);
    // Chunked, no Content-Length, and the client keeps sending: the server stops reading at the cap.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${site.url}/api/vitals`, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: site.url, "Transfer-Encoding": "chunked" },
      });
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode!);
        request.destroy();
      });
      request.on("error", (error) => {
        if (!answered) reject(error);
      });
      request.write('{"page":"/","metrics":{"LCP":1000},"padding":"');
      let sent = 0;
      const pump = () => {
        while (!answered && sent < 1_000_000) {
          sent += 1024;
          if (!request.write("y".repeat(1024))) {
            request.once("drain", pump);
            return;
          }
        }
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it("keeps only the histogram: the report after a restart has the page's 75th percentile", async () => {
    await site.server.stop();
    const handle = await openDatabase({ dataDir: site.testDb.dataDir, databaseUrl: site.testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const report = await readVitalsReport(handle.db);
      expect(report.last7.map((page) => page.page)).toEqual(["/news/:reportId"]);
      const article = report.last7[0]!;
      expect(article.pageViews).toBe(4);
      // LCPs 0.9, 1.0, 1.1 and 2.1 s: the third, 1.1 s, in the bucket (1.0, 1.1] on its top.
      expect(article.metrics.LCP).toEqual({ p75: { value: 1100, atLeast: false }, rating: "good", samples: 4 });
      expect(article.metrics.INP).toMatchObject({ rating: "good", samples: 1 });
    } finally {
      await handle.close();
      await site.restart();
    }
  });

  it("loads web-vitals only on demand: none of the modules / starts holds it", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    // The modules the page starts once it has painted (ADR 0091): all it loads before it hydrates.
    const scripts = modulesStartedAfterPaint(html);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) {
      const source = readFileSync(`build/client${script}`, "utf8");
      // web-vitals' observers and the reporter's beacon address.
      for (const marker of ["largest-contentful-paint", "layout-shift", "/api/vitals"])
        expect(source.includes(marker), `${script} holds ${marker}`).toBe(false);
    }
    const entry = scripts
      .map((script) => readFileSync(`build/client${script}`, "utf8"))
      .find((source) => source.includes("vitalsSampleRate"));
    expect(entry, "the sampling check is in the entry").toBeDefined();
  });
});
