import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer, type ServerProcess } from "../support/server-process";
import { BROWSER_PACKAGES, BROWSER_PATHS, launchEngine, type EngineName } from "./engines";
import { JourneyPage } from "./journey-page";
import { journeys, type Journey, type Visitor } from "./journeys";

/*
 * The key journeys in Firefox ESR and WebKitGTK (ADR 0101), against the production build on a
 * server of its own (its own port and a fresh embedded database), at a phone's width and a
 * desktop's. Chromium is the Playwright suite's; `--engine chromium` adds it here too.
 *
 *   npm run test:engines                      builds, then runs every journey in both engines
 *   tsx tests/engines/run.ts --engine webkit --width 390 --journey "sign up and sign in" --screenshots
 *
 * Screenshots (of every journey's last page with --screenshots, and of any failure) go to
 * test-results/engines/.
 */

const { values: options } = parseArgs({
  options: {
    engine: { type: "string", multiple: true },
    width: { type: "string", multiple: true },
    journey: { type: "string", multiple: true },
    screenshots: { type: "boolean", default: false },
    /** A server that is already running (a dev server, say) instead of a fresh one. */
    url: { type: "string" },
  },
});

const engines = (options.engine ?? ["firefox", "webkit"]) as EngineName[];
const widths = (options.width ?? ["390", "1280"]).map(Number);
const chosen = options.journey ? journeys.filter((journey) => options.journey!.includes(journey.name)) : journeys;
const HEIGHTS: Record<number, number> = { 390: 844, 1280: 800 };
const screenshotDir = path.resolve("test-results/engines");

for (const engine of engines) {
  if (!(engine in BROWSER_PATHS)) throw new Error(`Unknown engine "${engine}": firefox, webkit or chromium.`);
  // Loud on purpose, as playwright.config.ts is: a journey skipped would hide real failures.
  if (!existsSync(BROWSER_PATHS[engine])) {
    throw new Error(
      `The ${engine} journeys need ${BROWSER_PATHS[engine]}: apt-get install -y ${BROWSER_PACKAGES[engine]}${engine === "webkit" ? " xvfb" : ""}`,
    );
  }
}
if (chosen.length === 0)
  throw new Error(`No journey named ${options.journey!.join(", ")}: ${journeys.map((journey) => journey.name).join(", ")}`);

/** A journey is a minute's work at most; a driver that stops answering must not stop the run. */
const JOURNEY_TIMEOUT_MS = 120_000;

/** `work`, or a rejection with `message` once `ms` have passed. */
function withinTime<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, "-").toLowerCase();

interface Outcome {
  engine: EngineName;
  width: number;
  journey: string;
  seconds: number;
  failure?: string;
}

async function runEngine(engine: EngineName, url: string, only?: ReadonlySet<string>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const started = Date.now();
  let browser = await launchEngine(engine);
  console.log(`${engine}: started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let failuresInARow = 0;
  try {
    for (const width of widths) {
      for (const journey of chosen.filter((journey: Journey) => !journey.widths || journey.widths.includes(width))) {
        const label = `${engine} ${width}px ${journey.name}`;
        if (only && !only.has(label)) continue;
        // A browser that fails three journeys running is broken: the rest would each wait out their time.
        if (failuresInARow >= 3) {
          outcomes.push({ engine, width, journey: journey.name, seconds: 0, failure: "not run: three journeys before it failed" });
          console.log(`✘ ${label}: not run`);
          continue;
        }
        const visitor: Visitor = {
          email(kind, length) {
            const local = `${kind}-${engine}-${width}-${Date.now().toString(36)}`;
            const domain = "@example.com";
            return length ? `${local.padEnd(length - domain.length, "x")}${domain}` : `${local}${domain}`;
          },
        };
        const tab = await browser.open({ width, height: HEIGHTS[width] ?? 800 });
        const page = new JourneyPage(tab, url, width);
        const start = Date.now();
        let failure: string | undefined;
        try {
          await withinTime(journey.run(page, visitor), JOURNEY_TIMEOUT_MS, `the journey took over ${JOURNEY_TIMEOUT_MS / 1000} s`);
          const errors = await tab.takeErrors();
          if (errors.length > 0) failure = `console errors:\n      ${errors.join("\n      ")}`;
        } catch (error) {
          const errors = await withinTime(tab.takeErrors(), 15_000, "").catch(() => []);
          // Never an empty text: a failure must not read as a pass (WebKitWebDriver's errors can have no message).
          failure = `${(error instanceof Error ? error.message || error.name : String(error)) || "failed without a message"}${errors.length ? `\n    console errors:\n      ${errors.join("\n      ")}` : ""}`;
        }
        if (failure || options.screenshots) {
          await withinTime(page.screenshot(path.join(screenshotDir, `${engine}-${width}-${slug(journey.name)}.png`)), 15_000, "").catch(
            () => {},
          );
        }
        if (failure?.startsWith("the journey took over")) {
          // A driver that stopped answering (WebKitWebDriver has, on a navigation) is replaced.
          await withinTime(browser.close(), 15_000, "").catch(() => {});
          browser = await launchEngine(engine);
        } else {
          await withinTime(tab.close(), 15_000, "").catch(() => {});
        }
        const seconds = (Date.now() - start) / 1000;
        outcomes.push({ engine, width, journey: journey.name, seconds, failure });
        failuresInARow = failure ? failuresInARow + 1 : 0;
        console.log(`${failure ? "✘" : "✓"} ${label} (${seconds.toFixed(1)} s)${failure ? `\n    ${failure}` : ""}`);
      }
    }
  } finally {
    await browser.close();
  }
  return outcomes;
}

async function startOwnServer(): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-engines-"));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      // startServer reads the port from the "listening on" line, logged at the info level.
      LOG_LEVEL: "info",
      MAIL_DELIVERY_INTERVAL_MS: "200",
      // Every journey comes from 127.0.0.1: the per-client cap on unpaid orders (ADR 0033) is for people.
      ORDER_HOLDS_PER_CLIENT: "0",
    },
    // A cold start on a busy two-core machine has taken over a minute and a half.
    { timeoutMs: 180_000 },
  );
  return Object.assign(server, { dataDir });
}

const began = Date.now();
mkdirSync(screenshotDir, { recursive: true });
const server = options.url ? null : await startOwnServer();
const url = options.url ?? server!.url;
console.log(`server: ${url} ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);

const outcomes: Outcome[] = [];
try {
  // The engines one after the other: on two cores, side by side they only wait for each other.
  for (const engine of engines) {
    try {
      outcomes.push(...(await runEngine(engine, url)));
    } catch (error) {
      outcomes.push({ engine, width: 0, journey: "(browser)", seconds: 0, failure: String(error) });
      console.log(`✘ ${engine}: ${String(error)}`);
    }
  }
} finally {
  if (server) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

// As the Playwright suite does in CI (retries: 1): a journey that failed is run once more, in a
// browser of its own, and a pass then is reported as flaky, not hidden.
const labelOf = (outcome: Outcome) => `${outcome.engine} ${outcome.width}px ${outcome.journey}`;
const firstFailures = outcomes.filter((outcome) => outcome.failure && outcome.width > 0);
const flaky: string[] = [];
if (process.env.CI && firstFailures.length > 0 && firstFailures.length <= 4) {
  const retryServer = options.url ? null : await startOwnServer();
  try {
    for (const engine of engines) {
      const only = new Set(firstFailures.filter((outcome) => outcome.engine === engine).map(labelOf));
      if (only.size === 0) continue;
      console.log(`\n${engine}: retrying ${only.size} journey${only.size === 1 ? "" : "s"} once`);
      const retried = await runEngine(engine, options.url ?? retryServer!.url, only).catch(() => []);
      for (const outcome of retried) {
        if (outcome.failure) continue;
        const index = outcomes.findIndex((first) => labelOf(first) === labelOf(outcome));
        flaky.push(`${labelOf(outcome)}: ${outcomes[index]!.failure!.split("\n")[0]}`);
        outcomes[index] = outcome;
      }
    }
  } finally {
    if (retryServer) {
      await retryServer.stop();
      rmSync(retryServer.dataDir, { recursive: true, force: true });
    }
  }
}

const failed = outcomes.filter((outcome) => outcome.failure);
if (flaky.length) console.log(`\nflaky (failed, then passed on the retry):\n${flaky.map((line) => `  ${line}`).join("\n")}`);
console.log(
  `\n${outcomes.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - began) / 1000).toFixed(0)} s` +
    (failed.length ? `:\n${failed.map((outcome) => `  ${outcome.engine} ${outcome.width}px ${outcome.journey}`).join("\n")}` : ""),
);
process.exitCode = failed.length ? 1 : 0;
