/**
 * Lighthouse (mobile preset) against the production build: each route beside its limit, the
 * same HTML without scripts or module preloads (limit-copy.ts) served as a static file by the
 * same server, in turns (page, limit, page, limit, …), medians reported.
 *
 *   npm run lighthouse -- / /terms
 *   LIGHTHOUSE_RUNS=5 LIGHTHOUSE_CATEGORIES=performance npm run lighthouse -- /
 *   CHROME_PATH=/path/to/chrome npm run lighthouse -- /
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { labFiguresSchema, type LabFigures } from "../app/features/vitals/lab-figures";
import { countScripts, limitCopy } from "./limit-copy";
import {
  BenchError,
  createStaticCopies,
  reportFatal,
  routesFromArgs,
  startProductionServer,
  wholeNumberFromEnv,
  writeReport,
  type StaticCopies,
} from "./server";

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

/** Where LIGHTHOUSE_SAVE_LAB=1 writes the medians, for the back office's Site speed screen. */
const LAB_FIGURES_PATH = path.join(import.meta.dirname, "..", "app", "features", "vitals", "lab-figures.json");

/** The figures of one Lighthouse run, and of a median of runs. */
interface Figures {
  /** 0-100, or null when Lighthouse could not score the category. */
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
}
const FIGURES = ["performance", "fcpMs", "lcpMs", "tbtMs", "cls", "speedIndexMs"] as const satisfies readonly (keyof Figures)[];

interface Run extends Figures {
  /** Every category run (0-100, or null). */
  scores: Partial<Record<Category, number | null>>;
  /** Audits that count towards a category score and scored below 0.9. */
  failingAudits: Partial<Record<Category, string[]>>;
  finalUrl: string;
  /** Lighthouse's BenchmarkIndex for this run: how fast this machine's CPU was (DevTools calibrates its mid-tier phone to 1,000). */
  benchmarkIndex: number | null;
  runtimeError?: string;
  warnings: string[];
}

interface RouteSummary {
  route: string;
  url: string;
  /** The limit copy: the page's HTML without scripts and module preloads, as a static file. */
  limitUrl: string;
  htmlBytes: number;
  limitBytes: number;
  /** Script elements (JSON-LD aside) and module preloads the page has, and its limit copy lacks. */
  removed: { scripts: number; modulePreloads: number };
  page: { median: Figures; runs: Run[] };
  limit: { median: Figures; runs: Run[] };
  /** Median LCP of the page divided by its limit copy's. */
  lcpRatio: number | null;
  /** The page's other categories: the median of its runs. */
  scores: Partial<Record<Category, number | null>>;
  /** Audits below 0.9 on the page in any of its runs. */
  failingAudits: Partial<Record<Category, string[]>>;
}

/** LIGHTHOUSE_CATEGORIES: a comma-separated list (default all four); performance is always run. */
function categoriesFromEnv(): Category[] {
  const raw = process.env.LIGHTHOUSE_CATEGORIES;
  if (raw === undefined || raw.trim() === "") return [...CATEGORIES];
  const asked = raw.split(",").map((name) => name.trim());
  for (const name of asked) {
    if (!(CATEGORIES as readonly string[]).includes(name)) {
      throw new BenchError(`LIGHTHOUSE_CATEGORIES lists "${name}": use a comma-separated list of ${CATEGORIES.join(", ")}.`);
    }
  }
  return CATEGORIES.filter((id) => id === "performance" || asked.includes(id));
}

/** The middle value (the mean of the two middle ones for an even count), ignoring nulls. */
function median(values: (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: Figures[]): Figures {
  const result = {} as Figures;
  for (const key of FIGURES) result[key] = median(runs.map((run) => run[key]));
  return result;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Meta {
  lighthouseVersion: string;
  userAgent: string;
}

/**
 * Every run is a first visit. Lighthouse empties the HTTP cache between runs but keeps the
 * origin's localStorage, where a run leaves the brand-fonts note (app/components/brand-fonts.tsx):
 * the next run would then fetch the font files before its first paint, a state no real visitor
 * is in (the note says the files are cached; Lighthouse has just emptied that cache).
 */
async function forgetOrigin(url: string, port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const session = await page.createCDPSession();
    await session.send("Storage.clearDataForOrigin", { origin: new URL(url).origin, storageTypes: "all" });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function audit(url: string, port: number, categories: Category[]): Promise<{ run: Run; meta: Meta }> {
  // Lighthouse must only ever load this machine's server.
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`refusing to audit ${url}: not 127.0.0.1`);
  await forgetOrigin(url, port);
  const result = await withTimeout(
    lighthouse(url, { port, logLevel: "error", output: "json", onlyCategories: categories }),
    RUN_TIMEOUT_MS,
    `Lighthouse on ${url}`,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string): number | null => lhr.audits[id]?.numericValue ?? null;

  const scores: Run["scores"] = {};
  const failingAudits: Run["failingAudits"] = {};
  for (const id of categories) {
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
  const run: Run = {
    performance: scores.performance ?? null,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
    scores,
    failingAudits,
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings.map(String),
  };
  return { run, meta: { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent } };
}

/** Fetches the page as a visitor would, so the page cache holds it for the run that follows. */
async function primedPage(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

function formatTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows.map((row) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
}

function print(summary: RouteSummary, categories: Category[]): void {
  const score = (value: number | null) => (value === null ? "n/a" : String(Math.round(value)));
  const ms = (value: number | null) => (value === null ? "n/a" : Math.round(value).toLocaleString("en-GB"));
  const cls = (value: number | null) => (value === null ? "n/a" : value.toFixed(3));
  const runs = summary.page.runs.length;
  console.log(
    `\n${summary.route}  (limit: ${new URL(summary.limitUrl).pathname}, ${summary.removed.scripts} scripts and ` +
      `${summary.removed.modulePreloads} module preloads removed; median of ${runs} run${runs === 1 ? "" : "s"} each, in turns)`,
  );
  const rows = [
    ["", "perf", "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "perf by run", "LCP ms by run", "benchmark index by run"],
    ...(["page", "limit"] as const).map((side) => {
      const { median: m, runs: all } = summary[side];
      return [
        side,
        score(m.performance),
        ms(m.fcpMs),
        ms(m.lcpMs),
        ms(m.tbtMs),
        cls(m.cls),
        ms(m.speedIndexMs),
        all.map((run) => score(run.performance)).join(" "),
        all.map((run) => ms(run.lcpMs)).join(" "),
        all.map((run) => (run.benchmarkIndex === null ? "n/a" : Math.round(run.benchmarkIndex).toLocaleString("en-GB"))).join(" "),
      ];
    }),
  ];
  for (const line of formatTable(rows)) console.log(`  ${line}`);
  console.log(`  LCP page ÷ limit: ${summary.lcpRatio === null ? "n/a" : summary.lcpRatio.toFixed(2)}`);
  const others = categories.filter((id) => id !== "performance");
  if (others.length > 0) console.log(`  page, median: ${others.map((id) => `${id} ${score(summary.scores[id] ?? null)}`).join("  ")}`);
  for (const id of categories) {
    const failing = summary.failingAudits[id] ?? [];
    if (failing.length > 0) console.log(`  page below 0.9 in ${id}: ${failing.join(", ")}`);
  }
  for (const side of ["page", "limit"] as const) {
    for (const run of summary[side].runs) {
      if (run.runtimeError) console.log(`  ${side} runtime error: ${run.runtimeError}`);
      for (const warning of run.warnings) console.log(`  ${side} warning: ${warning}`);
    }
  }
}

/** The medians as Site speed shows them (app/features/vitals/lab-figures.ts), checked against its schema. */
function labFigures(summaries: RouteSummary[], runs: number, lighthouseVersion: string, loadAverage: number): LabFigures {
  return labFiguresSchema.parse({
    measuredAt: new Date().toISOString(),
    lighthouseVersion,
    runs,
    loadAverage: Math.round(loadAverage * 100) / 100,
    benchmarkIndex: roundOrNull(
      median(summaries.flatMap(({ page, limit }) => [...page.runs, ...limit.runs].map((run) => run.benchmarkIndex))),
    ),
    pages: summaries.map(({ route, page, limit }) => ({
      path: route,
      performance: page.median.performance === null ? null : Math.round(page.median.performance),
      lcpMs: roundOrNull(page.median.lcpMs),
      limitLcpMs: roundOrNull(limit.median.lcpMs),
      tbtMs: roundOrNull(page.median.tbtMs),
      cls: page.median.cls === null ? null : Math.round(page.median.cls * 1000) / 1000,
    })),
  });
}

const roundOrNull = (value: number | null) => (value === null ? null : Math.round(value));

async function main(): Promise<number> {
  const routes = routesFromArgs(process.argv.slice(2));
  const saveLab = process.env.LIGHTHOUSE_SAVE_LAB === "1";
  const runs = wholeNumberFromEnv("LIGHTHOUSE_RUNS", 3, 1, 15);
  const categories = categoriesFromEnv();
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const server = await startProductionServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let limitCopies: StaticCopies | undefined;
  const killChrome = () => chrome?.kill();
  process.on("exit", killChrome);
  const summaries: RouteSummary[] = [];
  const problems: string[] = [];
  let meta: Meta | undefined;
  try {
    limitCopies = createStaticCopies();
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      // The server helper handles Ctrl-C; Chromium is killed on exit below.
      handleSIGINT: false,
      logLevel: "error",
    });
    for (const route of routes) {
      const url = server.url + route;
      // The first answer may be rendered for this request; the second is the page as the cache keeps it.
      await primedPage(url);
      const { status, html } = await primedPage(url);
      if (status !== 200) problems.push(`${route}: answered ${status} (expected 200)`);
      const copy = limitCopy(html);
      const limitUrl = server.url + (await limitCopies.add(route, copy, [server.url]));
      // The copy is served with the site's Content-Security-Policy (a nonce nothing carries): that
      // blocks nothing only because nothing in it runs. JSON-LD is data, which CSP does not govern.
      const left = countScripts(copy);
      if (left.scripts > 0 || left.modulePreloads > 0) {
        throw new BenchError(`the limit copy of ${route} still has ${left.scripts} scripts and ${left.modulePreloads} module preloads`);
      }

      const pageRuns: Run[] = [];
      const limitRuns: Run[] = [];
      for (let n = 1; n <= runs; n++) {
        process.stdout.write(`  ${route}: run ${n} of ${runs}, page then limit\n`);
        // The page cache keeps a page for seconds, a run takes longer: fetch it again just before.
        await primedPage(url);
        const page = await audit(url, chrome.port, categories);
        pageRuns.push(page.run);
        meta = page.meta;
        limitRuns.push((await audit(limitUrl, chrome.port, categories)).run);
      }

      const pageMedian = medianFigures(pageRuns);
      const limitMedian = medianFigures(limitRuns);
      const scores: RouteSummary["scores"] = {};
      const failingAudits: RouteSummary["failingAudits"] = {};
      for (const id of categories) {
        scores[id] = median(pageRuns.map((run) => run.scores[id] ?? null));
        failingAudits[id] = [...new Set(pageRuns.flatMap((run) => run.failingAudits[id] ?? []))];
      }
      const summary: RouteSummary = {
        route,
        url,
        limitUrl,
        htmlBytes: Buffer.byteLength(html),
        limitBytes: Buffer.byteLength(copy),
        removed: countScripts(html),
        page: { median: pageMedian, runs: pageRuns },
        limit: { median: limitMedian, runs: limitRuns },
        lcpRatio: pageMedian.lcpMs !== null && limitMedian.lcpMs ? pageMedian.lcpMs / limitMedian.lcpMs : null,
        scores,
        failingAudits,
      };
      summaries.push(summary);
      print(summary, categories);
      for (const [side, run] of [...pageRuns.map((run) => ["page", run] as const), ...limitRuns.map((run) => ["limit", run] as const)]) {
        if (run.runtimeError) problems.push(`${route} (${side}): ${run.runtimeError}`);
      }
    }
  } finally {
    killChrome();
    process.off("exit", killChrome);
    limitCopies?.remove();
    await server.stop();
  }

  const reportPath = writeReport("lighthouse", {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    availableParallelism: os.availableParallelism(),
    loadAverage: os.loadavg(),
    lighthouseVersion: meta?.lighthouseVersion,
    userAgent: meta?.userAgent,
    preset: "mobile (Lighthouse default config, simulated throttling)",
    categories,
    runs,
    order: "page, limit, page, limit, … (the page fetched once just before each of its runs)",
    routes: summaries,
    problems,
  });
  console.log(`\nreport: ${path.relative(process.cwd(), reportPath)}`);
  if (saveLab && problems.length === 0 && meta) {
    writeFileSync(LAB_FIGURES_PATH, `${JSON.stringify(labFigures(summaries, runs, meta.lighthouseVersion, os.loadavg()[0]!), null, 2)}\n`);
    console.log(`lab figures for Site speed: ${path.relative(process.cwd(), LAB_FIGURES_PATH)}`);
  }
  if (problems.length > 0) {
    console.error(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
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
