import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_MODULE_TYPE, EARLY_TAPS, modulesStartedAfterPaint, paintFirst } from "./paint-first";

const modules = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-3.js");';
const shell = (nonce: string) =>
  `<html><head><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-3.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-2.js?v=1&amp;x=2"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/entry.client-3.js"${nonce}/>` +
  `</head><body><main>Hello</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${modules}</script>`;

describe("paintFirst", () => {
  it("takes the module preloads out of the head and makes the module script inert, started after paint", () => {
    const html = paintFirst(shell(' nonce="n0nce"'), "n0nce");
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(html).toContain(`<script nonce="n0nce">window.__reactRouterContext = {};</script>`);
    expect(html).toContain(`<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">${modules}</script><script nonce="n0nce">(()=>{`);
    // Each module once, in the order React Router listed them, entities decoded.
    expect(html).toContain('["/assets/entry.client-3.js","/assets/root-2.js?v=1&x=2"]');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it("works without a nonce (a page shared from the cache is allowed by hashes)", () => {
    const html = paintFirst(shell(""), "");
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}">${modules}</script><script>(()=>{`);
  });

  it("runs the deferred script once the first contentful paint is reported, as a module with its nonce, preloads first", () => {
    const html = paintFirst(shell(' nonce="n0nce"'), "n0nce");
    const starter = /<script nonce="n0nce">(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)![1]!;
    const run = (PerformanceObserver: unknown) => {
      const appended: { rel?: string; href?: string }[] = [];
      const placed: object[] = [];
      const deferred = {
        nonce: "n0nce",
        textContent: modules,
        replaceWith: (script: object) => placed.push(script),
      };
      const document = {
        documentElement: { dataset: {} as Record<string, string> },
        createElement: () => ({}),
        head: {
          append: (link: { rel?: string; href?: string }) => appended.push(link),
        },
        querySelector: (selector: string) => (selector === `script[type="${DEFERRED_MODULE_TYPE}"]` ? deferred : null),
      };
      new Function("PerformanceObserver", "document", "window", "addEventListener", "Element", starter)(
        PerformanceObserver,
        document,
        {},
        () => {},
        class {},
      );
      return { appended, placed, hydration: () => document.documentElement.dataset.hydration };
    };
    const expectStarted = ({ appended, placed }: ReturnType<typeof run>) => {
      expect(appended).toEqual([
        { rel: "modulepreload", href: "/assets/entry.client-3.js" },
        { rel: "modulepreload", href: "/assets/root-2.js?v=1&x=2" },
      ]);
      expect(placed).toEqual([{ type: "module", nonce: "n0nce", textContent: modules }]);
    };

    const observers: {
      report: (names: string[]) => void;
      options?: object;
      disconnected: boolean;
    }[] = [];
    const started = run(
      class {
        constructor(callback: (list: object, observer: object) => void) {
          const observer = {
            report: (names: string[]) =>
              callback(
                {
                  getEntriesByName: (name: string) => names.filter((n) => n === name),
                },
                this,
              ),
            disconnected: false,
          };
          observers.push(observer);
        }
        observe(options: object) {
          observers.at(-1)!.options = options;
        }
        disconnect() {
          observers.at(-1)!.disconnected = true;
        }
      },
    );
    expect(started.hydration()).toBe("pending");
    expect(observers[0]!.options).toEqual({ type: "paint", buffered: true });
    observers[0]!.report(["first-paint"]);
    expect(started.placed).toEqual([]);
    observers[0]!.report(["first-contentful-paint"]);
    expectStarted(started);
    expect(observers[0]!.disconnected).toBe(true);
    observers[0]!.report(["first-contentful-paint"]);
    expect(started.placed).toHaveLength(1);

    // A browser without paint timing starts at once.
    expectStarted(
      run(
        class {
          constructor() {
            throw new TypeError("unsupported");
          }
        },
      ),
    );
  });

  it("leaves a page without React Router's module script as it is", () => {
    const page = '<head><link rel="modulepreload" href="/a.js"/></head><script type="module" src="/b.js"></script>';
    expect(paintFirst(page, "")).toBe(page);
    expect(modulesStartedAfterPaint(page)).toEqual([]);
    expect(paintFirst("<p>plain</p>", "")).toBe("<p>plain</p>");
  });
});

describe("the hydration mark", () => {
  const load = async () => {
    vi.resetModules();
    const dataset: Record<string, string> = { hydration: "pending" };
    vi.stubGlobal("document", { documentElement: { dataset } });
    return { dataset, ...(await import("./paint-first")) };
  };
  afterEach(() => vi.unstubAllGlobals());

  it("is done once the layout and every part it hydrates later have hydrated", async () => {
    const { dataset, markHydrated, waitForLatePart, markLatePartHydrated } = await load();
    const footer = { hydrated: false };
    const sections = { hydrated: false };
    waitForLatePart(footer);
    waitForLatePart(sections);
    markHydrated();
    expect(dataset.hydration).toBe("pending");
    markLatePartHydrated(footer);
    expect(dataset.hydration).toBe("pending");
    markLatePartHydrated(sections);
    expect(dataset.hydration).toBe("done");
  });

  it("does not wait for a part that hydrated with the page, or one that left it", async () => {
    const { dataset, markHydrated, waitForLatePart, markLatePartHydrated } = await load();
    // A part whose script had already arrived hydrates in the same pass: its mark's effect runs first.
    const loaded = { hydrated: false };
    markLatePartHydrated(loaded);
    waitForLatePart(loaded);
    const left = { hydrated: false };
    const cleanup = waitForLatePart(left);
    markHydrated();
    expect(dataset.hydration).toBe("pending");
    cleanup();
    expect(dataset.hydration).toBe("done");
  });
});

describe("early taps", () => {
  /** The starter's click listener, run against fake buttons, and the module's replay. */
  const load = async () => {
    vi.resetModules();
    const dataset: Record<string, string> = {};
    vi.stubGlobal("document", { documentElement: { dataset } });
    const html = paintFirst(shell(""), "");
    const starter = /<script>(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)![1]!;
    class FakeElement {
      clicks = 0;
      isConnected = true;
      disabled = false;
      constructor(readonly matches: string | null) {}
      closest(selector: string) {
        return selector === this.matches ? this : null;
      }
      click() {
        this.clicks += 1;
      }
    }
    const listeners: ((event: { target: unknown }) => void)[] = [];
    const window = globalThis as unknown as Record<string, unknown>;
    new Function("PerformanceObserver", "document", "window", "addEventListener", "Element", starter)(
      class {
        observe() {}
      },
      { documentElement: { dataset }, createElement: () => ({}), head: { append: () => {} }, querySelector: () => null },
      window,
      (type: string, listener: (event: { target: unknown }) => void, capture: boolean) => {
        expect([type, capture]).toEqual(["click", true]);
        listeners.push(listener);
      },
      FakeElement,
    );
    const tap = (target: unknown) => listeners.forEach((listener) => listener({ target }));
    const button = () => new FakeElement('button[type="button"]');
    return { dataset, tap, button, FakeElement, ...(await import("./paint-first")) };
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<string, unknown>)[EARLY_TAPS];
  });

  it("clicks a button tapped before React listened, once, when the page has hydrated", async () => {
    const { tap, button, FakeElement, stopNotingEarlyTaps, markHydrated, dataset } = await load();
    const menu = button();
    const round = button();
    const link = new FakeElement(null);
    tap(menu);
    tap(menu);
    tap(link);
    tap(round);
    stopNotingEarlyTaps();
    const late = button();
    tap(late);
    expect(menu.clicks).toBe(0);
    markHydrated();
    expect(dataset.hydration).toBe("done");
    expect([menu.clicks, round.clicks, late.clicks]).toEqual([1, 1, 0]);
    markHydrated();
    expect(menu.clicks).toBe(1);
  });

  it("leaves a button that has left the page or been disabled", async () => {
    const { tap, button, stopNotingEarlyTaps, markHydrated } = await load();
    const gone = button();
    const disabled = button();
    tap(gone);
    tap(disabled);
    gone.isConnected = false;
    disabled.disabled = true;
    stopNotingEarlyTaps();
    markHydrated();
    expect([gone.clicks, disabled.clicks]).toEqual([0, 0]);
  });
});
