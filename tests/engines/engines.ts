import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { Builder, type WebDriver, type WebElement } from "selenium-webdriver";
import { freePort } from "../support/free-port";

/*
 * The browsers of the cross-engine journeys (ADR 0101), behind one small interface: Firefox ESR
 * over WebDriver BiDi (puppeteer-core), WebKitGTK over WebDriver (selenium-webdriver and Debian's
 * WebKitWebDriver, under an Xvfb display of its own), and Chromium over CDP (puppeteer-core) when
 * asked for. Each is Debian's package at its Debian path; nothing here downloads a browser.
 */

export type EngineName = "firefox" | "webkit" | "chromium";

export const BROWSER_PATHS = {
  firefox: "/usr/bin/firefox-esr",
  webkit: "/usr/bin/WebKitWebDriver",
  chromium: process.env.CHROME_PATH ?? "/usr/bin/chromium",
} as const satisfies Record<EngineName, string>;

/** The Debian package that puts each browser at its path. */
export const BROWSER_PACKAGES: Record<EngineName, string> = { firefox: "firefox-esr", webkit: "webkit2gtk-driver", chromium: "chromium" };

const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export interface Engine {
  name: EngineName;
  /** A browser tab of this width and height with no cookies or storage of the site's yet. */
  open(viewport: { width: number; height: number }): Promise<Tab>;
  close(): Promise<void>;
}

/** A control found on the page, to act on as a person does (the driver's own clicks and keys). */
export interface Control {
  click(): Promise<void>;
  type(text: string): Promise<void>;
  /** Chooses the option with this value in a <select>. */
  choose(value: string): Promise<void>;
}

export interface Tab {
  /** Loads the address and returns once the load event has fired. */
  load(url: string): Promise<void>;
  /** The value of a JavaScript expression evaluated in the page. */
  evaluate<T>(expression: string): Promise<T>;
  /** The element an expression evaluates to, or null. */
  control(expression: string): Promise<Control | null>;
  screenshot(file: string): Promise<void>;
  /** The console errors and uncaught page errors since the last call. */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Errors the page itself records, for a driver that cannot report the console (WebKitGTK's
 * WebDriver has no log endpoint and no BiDi): console.error, uncaught errors and unhandled
 * rejections, as puppeteer reports them for the other engines, kept in sessionStorage so that what an old
 * document logs as it is left (a fetch the navigation cancelled, say) is still there on the new
 * one. Installed once per document, as soon as the driver gets a turn after the load; anything
 * logged before that on a new document is not seen here (Firefox's journeys see it).
 */
const ERROR_COLLECTOR = `(() => {
  const key = "engine-journey-errors";
  const read = () => JSON.parse(sessionStorage.getItem(key) || "[]");
  if (!window.__engineErrorsCollected) {
    window.__engineErrorsCollected = true;
    const record = (text) => sessionStorage.setItem(key, JSON.stringify([...read(), location.pathname + ": " + text]));
    const describe = (value) => value instanceof Error ? value.name + ": " + value.message : typeof value === "object" ? JSON.stringify(value) : String(value);
    const original = console.error;
    console.error = function (...args) {
      record(args.map(describe).join(" "));
      return original.apply(this, args);
    };
    addEventListener("error", (event) => record(describe(event.error ?? event.message)));
    addEventListener("unhandledrejection", (event) => record("unhandled rejection: " + describe(event.reason)));
  }
  return read();
})()`;

const TAKE_COLLECTED_ERRORS = `(() => { const errors = ${ERROR_COLLECTOR}; sessionStorage.removeItem("engine-journey-errors"); return errors; })()`;

// ---------------------------------------------------------------------------------------------
// Firefox and Chromium: puppeteer-core

class PuppeteerTab implements Tab {
  private errors: string[] = [];
  constructor(private readonly page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error") this.errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    });
    page.on("pageerror", (error) => this.errors.push(`${new URL(page.url()).pathname}: ${String(error)}`));
  }
  async load(url: string) {
    await this.page.goto(url, { waitUntil: "load", timeout: 90_000 });
  }
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>;
  }
  async control(expression: string): Promise<Control | null> {
    const element = (await this.page.evaluateHandle(expression)).asElement() as ElementHandle<Element> | null;
    if (!element) return null;
    return {
      click: () => element.click(),
      type: (text) => element.type(text),
      choose: async (value) => {
        await (element as ElementHandle<HTMLSelectElement>).select(value);
      },
    };
  }
  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }
  async takeErrors() {
    return this.errors.splice(0);
  }
  async close() {
    await this.page.browserContext().close();
  }
}

async function puppeteerEngine(name: "firefox" | "chromium"): Promise<Engine> {
  const browser: Browser =
    name === "firefox"
      ? await puppeteer.launch({
          browser: "firefox",
          executablePath: BROWSER_PATHS.firefox,
          headless: true,
          // As on a phone or a Mac: scrollbars over the page, so a 390 px window lays out 390 px.
          extraPrefsFirefox: { "ui.useOverlayScrollbars": 1 },
          protocolTimeout: 120_000,
        })
      : await puppeteer.launch({
          executablePath: BROWSER_PATHS.chromium,
          headless: true,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
          ],
          protocolTimeout: 120_000,
        });
  return {
    name,
    async open(viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return new PuppeteerTab(page);
    },
    close: () => browser.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK: selenium-webdriver and WebKitWebDriver under Xvfb

class SeleniumTab implements Tab {
  /** No page of this tab's own loaded yet: the window still shows the last journey's. */
  private fresh = true;
  constructor(private readonly driver: WebDriver) {}
  async load(url: string) {
    // WebKitWebDriver's own wait for a navigation ("normal" or "eager") has waited out its whole
    // page-load timeout on pages that had loaded in under two seconds (every visit of "/", some of
    // the others; a static copy of the page with no script did it too): the driver is told not
    // to wait ("none"), and the tab waits here for the new document to be parsed.
    // A mark on the document being left, so the wait below knows the new one when it comes.
    await this.driver.executeScript("window.__engineLeaving = true").catch(() => {});
    await this.driver.get(url);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const parsed = await this.driver
        .executeScript<boolean>('return !window.__engineLeaving && location.href !== "about:blank" && document.readyState !== "loading"')
        .catch(() => false);
      if (parsed) break;
      if (Date.now() > deadline) throw new Error(`${url} was not parsed within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (this.fresh) {
      // What the last journey's page logged as the window left it (a route-discovery fetch the
      // navigation cancelled, say) is not this journey's: a Firefox tab is a new browser context
      // and never sees it either.
      await this.driver.executeScript('sessionStorage.removeItem("engine-journey-errors")');
      this.fresh = false;
    }
    await this.driver.executeScript(`return ${ERROR_COLLECTOR}`);
  }
  async evaluate<T>(expression: string): Promise<T> {
    // Every turn makes sure the document has its collector (a click may have loaded a new one).
    return (await this.driver.executeScript(`return (${ERROR_COLLECTOR}, ${expression})`)) as T;
  }
  async control(expression: string): Promise<Control | null> {
    const element = await this.evaluate<WebElement | null>(expression);
    if (!element) return null;
    return {
      click: async () => {
        // In the middle of the window, as puppeteer does: the driver's own scrolling leaves a
        // control at the window's bottom edge, where WebKit has found it not interactable.
        await this.driver.executeScript('arguments[0].scrollIntoView({ block: "center", inline: "center" })', element);
        await element.click();
      },
      type: (text) => element.sendKeys(text),
      choose: async (value) => {
        const option = await this.driver.executeScript<WebElement | null>(
          "return [...arguments[0].options].find((option) => option.value === arguments[1]) ?? null",
          element,
          value,
        );
        if (!option) throw new Error(`no option "${value}"`);
        // In the middle of the window first, as for a click: WebKit finds an option of a select
        // below the window's edge not interactable.
        await this.driver.executeScript('arguments[0].scrollIntoView({ block: "center", inline: "center" })', element);
        await option.click();
      },
    };
  }
  async screenshot(file: string) {
    writeFileSync(file, Buffer.from(await this.driver.takeScreenshot(), "base64"));
  }
  async takeErrors() {
    return this.driver.executeScript<string[]>(`return ${TAKE_COLLECTED_ERRORS}`);
  }
  async close() {
    // One session for the run: the next tab starts without this one's cookies and storage.
    await this.driver.executeScript("localStorage.clear(); sessionStorage.clear();").catch(() => {});
    await this.driver.manage().deleteAllCookies();
  }
}

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}

async function webkitEngine(): Promise<Engine> {
  const home = mkdtempSync(path.join(tmpdir(), "engine-webkit-"));
  // MiniBrowser's toolbar would keep its window wider than a phone: GTK's own text and padding
  // made tiny (its settings, not the page's) let the window, and so the page, be 390 px wide.
  mkdirSync(path.join(home, "gtk-3.0"));
  writeFileSync(path.join(home, "gtk-3.0/settings.ini"), "[Settings]\ngtk-font-name=Sans 1\n");
  writeFileSync(path.join(home, "gtk-3.0/gtk.css"), "* { padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; }\n");

  // A display of its own: Xvfb picks a free number and writes it to its stdout.
  const xvfb = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdout!.once("data", (chunk) => resolve(String(chunk).trim()));
    xvfb.once("error", reject);
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  const port = await freePort();
  const driverProcess = spawn(BROWSER_PATHS.webkit, [`--port=${port}`], {
    env: {
      ...process.env,
      DISPLAY: `:${display}`,
      XDG_CONFIG_HOME: home,
      XDG_CACHE_HOME: home,
      XDG_DATA_HOME: home,
      // Under Xvfb, WebKitGTK's DMA-BUF renderer left a page unpainted for a second or more after
      // it loaded (one animation frame a second, transitions stopped, stale screenshots); its
      // shared-memory renderer paints every frame, still composited.
      WEBKIT_DISABLE_DMABUF_RENDERER: "1",
    },
    stdio: "ignore",
  });
  driverProcess.once("error", () => {});
  const cleanUp = () => {
    stop(driverProcess);
    stop(xvfb);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const server = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      const ready = await fetch(`${server}/status`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (attempt > 100) throw new Error("WebKitWebDriver did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: "MiniBrowser",
        pageLoadStrategy: "none",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      })
      .build();
    await driver.manage().setTimeouts({ pageLoad: 90_000, script: 30_000 });
    return {
      name: "webkit",
      async open(viewport) {
        // The window's toolbar takes some height: the page gets the width asked for and a little less height.
        await driver
          .manage()
          .window()
          .setRect({ x: 0, y: 0, ...viewport });
        return new SeleniumTab(driver);
      },
      async close() {
        // A driver that stopped answering is not waited for: its processes are stopped below.
        await Promise.race([driver.quit().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 10_000))]);
        cleanUp();
      },
    };
  } catch (error) {
    cleanUp();
    throw error;
  }
}

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === "webkit" ? webkitEngine() : puppeteerEngine(name);
}
