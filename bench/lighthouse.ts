/**
 * Lighthouse (mobile preset) against the production build, one route at a time.
 *
 *   npm run lighthouse -- / /terms
 *   CHROME_PATH=/path/to/chrome npm run lighthouse -- /
 */
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { reportFatal, routesFromArgs, startProductionServer, writeReport } from "./server";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** Upper bound for one Lighthouse run (it waits at most 45 s for a page load itself). */
const RUN_TIMEOUT_MS = 180_000;

interface RouteSummary {
  route: string;
  url: string;
  finalUrl: string;
  /** 0-100, or null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  /** Audits that count towards a category score and scored below 0.9. */
  failingAudits: Record<Category, string[]>;
  runtimeError?: string;
  warnings: string[];
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function audit(
  route: string,
  url: string,
  port: number,
): Promise<{ summary: RouteSummary; meta: { lighthouseVersion: string; userAgent: string } }> {
  const result = await withTimeout(
    lighthouse(url, {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
    }),
    RUN_TIMEOUT_MS,
    `Lighthouse on ${route}`,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${route}`);
  const { lhr } = result;
  const numeric = (id: string): number | null => lhr.audits[id]?.numericValue ?? null;

  const scores = {} as Record<Category, number | null>;
  const failingAudits = {} as Record<Category, string[]>;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    failingAudits[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const score = lhr.audits[ref.id]?.score;
        return score !== null && score !== undefined && score < 0.9;
      })
      .map((ref) => ref.id);
  }
  const summary: RouteSummary = {
    route,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcpMs: numeric("first-contentful-paint"),
    speedIndexMs: numeric("speed-index"),
    failingAudits,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings.map(String),
  };
  return { summary, meta: { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent } };
}

function print(summary: RouteSummary): void {
  const score = (value: number | null) => (value === null ? "n/a" : String(value));
  const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);
  console.log(`\n${summary.route}  (${summary.finalUrl})`);
  console.log(
    `  performance ${score(summary.scores.performance)}  accessibility ${score(summary.scores.accessibility)}  ` +
      `best-practices ${score(summary.scores["best-practices"])}  seo ${score(summary.scores.seo)}`,
  );
  console.log(
    `  LCP ${ms(summary.lcpMs)}  TBT ${ms(summary.tbtMs)}  CLS ${summary.cls === null ? "n/a" : summary.cls.toFixed(3)}`,
  );
  for (const id of CATEGORIES) {
    const failing = summary.failingAudits[id];
    if (failing.length > 0) console.log(`  below 0.9 in ${id}: ${failing.join(", ")}`);
  }
  if (summary.runtimeError) console.log(`  runtime error: ${summary.runtimeError}`);
  for (const warning of summary.warnings) console.log(`  warning: ${warning}`);
}

async function main(): Promise<number> {
  const routes = routesFromArgs(process.argv.slice(2));
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const server = await startProductionServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const killChrome = () => chrome?.kill();
  process.on("exit", killChrome);
  const summaries: RouteSummary[] = [];
  let lighthouseVersion: string | undefined;
  let userAgent: string | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      // The server helper handles Ctrl-C; Chromium is killed on exit below.
      handleSIGINT: false,
      logLevel: "error",
    });
    for (const route of routes) {
      const { summary, meta } = await audit(route, server.url + route, chrome.port);
      lighthouseVersion = meta.lighthouseVersion;
      userAgent = meta.userAgent;
      summaries.push(summary);
      print(summary);
    }
  } finally {
    killChrome();
    process.off("exit", killChrome);
    await server.stop();
  }

  const reportPath = writeReport("lighthouse", {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    availableParallelism: os.availableParallelism(),
    lighthouseVersion,
    userAgent,
    preset: "mobile (Lighthouse default config, simulated throttling)",
    categories: CATEGORIES,
    routes: summaries,
  });
  console.log(`\nreport: ${path.relative(process.cwd(), reportPath)}`);
  return summaries.some((s) => s.runtimeError) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    reportFatal(error);
    process.exitCode = 1;
  },
);
