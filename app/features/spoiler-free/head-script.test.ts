import { describe, expect, it } from "vitest";
import { parseSpoilerFree, SPOILER_FREE_CHANGED_EVENT } from "~/lib/spoiler-free";
import { SPOILER_FREE_APPLY, SPOILER_FREE_STYLE_ID, spoilerFreeHeadScript } from "./head-script";

/** Monday 30 November 2026, 23:00 UTC: the end the cookies below carry. */
const UNTIL_SECONDS = 1796079600;
const BEFORE_END = new Date("2026-11-28T14:00:00Z");

interface FakeElement {
  id?: string;
  textContent: string;
  attributes: Record<string, string>;
  getAttribute(name: string): string | null;
}

function element(textContent = "", attributes: Record<string, string> = {}): FakeElement {
  return { textContent, attributes, getAttribute: (name) => attributes[name] ?? null };
}

/** Runs the script against a fake page: a cookie, a clock, a title and an optional spoiler-safe title. */
function runScript(options: { cookie: string; now: Date; title?: string; titleMeta?: { round: string; content: string } }) {
  let now = options.now.getTime();
  const htmlAttributes = new Set<string>();
  const styles: FakeElement[] = [];
  const title = element(options.title ?? "Page | Ridgeway Racing");
  const meta = options.titleMeta
    ? element("", { "data-spoiler-round": options.titleMeta.round, content: options.titleMeta.content })
    : null;
  const timers: Array<{ at: number; run: () => void; cleared: boolean }> = [];
  const observers: Array<() => void> = [];
  const events: Array<{ type: string; detail: unknown }> = [];
  const listeners: Record<string, Array<(event: { persisted?: boolean }) => void>> = {};
  const document = {
    cookie: options.cookie,
    visibilityState: "visible",
    documentElement: {
      setAttribute: (name: string) => htmlAttributes.add(name),
      removeAttribute: (name: string) => htmlAttributes.delete(name),
    },
    hidden: false,
    head: { appendChild: (style: FakeElement) => (styles.push(style), style) },
    getElementById: (id: string) => styles.find((style) => style.id === id) ?? null,
    createElement: () => element(),
    querySelector: (selector: string) => (selector === "title" ? title : selector.startsWith("meta") ? meta : null),
    addEventListener: (type: string, listener: () => void) => (listeners[`document:${type}`] ??= []).push(listener),
  };
  const window: Record<string, unknown> = {};
  class FakeCustomEvent {
    constructor(
      public type: string,
      public init: { detail: unknown },
    ) {}
  }
  class FakeMutationObserver {
    constructor(private callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
  }
  const run = (supportsHas: boolean) =>
    new Function(
      "document",
      "window",
      "Date",
      "CSS",
      "MutationObserver",
      "CustomEvent",
      "dispatchEvent",
      "addEventListener",
      "setTimeout",
      "clearTimeout",
      spoilerFreeHeadScript(),
    )(
      document,
      window,
      { now: () => now },
      { supports: () => supportsHas },
      FakeMutationObserver,
      FakeCustomEvent,
      (event: FakeCustomEvent) => events.push({ type: event.type, detail: event.init.detail }),
      (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
      (callback: () => void, delay: number) => timers.push({ at: now + delay, run: callback, cleared: false }),
      (handle: number) => {
        if (handle) timers[handle - 1]!.cleared = true;
      },
    );
  return {
    run,
    rule: () => styles.find((style) => style.id === SPOILER_FREE_STYLE_ID)?.textContent ?? null,
    on: () => htmlAttributes.has("data-spoiler-free"),
    title,
    events,
    apply: () => (window[SPOILER_FREE_APPLY] as () => void)(),
    setCookie: (cookie: string) => (document.cookie = cookie),
    /** Moves the clock and runs the timers that are due. */
    advanceTo: (instant: Date) => {
      now = instant.getTime();
      for (const timer of timers) if (!timer.cleared && timer.at <= now && ((timer.cleared = true), true)) timer.run();
    },
    mutateHead: () => observers.forEach((callback) => callback()),
  };
}

describe("the spoiler-free head script", () => {
  it("reads the cookie as parseSpoilerFree does", () => {
    const values = [
      `${UNTIL_SECONDS}`,
      `${UNTIL_SECONDS}.2026-r3.2026_r4`,
      "",
      "yes",
      `${UNTIL_SECONDS}.<script>`,
      "17960796000000",
      `${UNTIL_SECONDS}..`,
      "x.2026-r3",
      "1796079599",
      `${UNTIL_SECONDS}.${"r".repeat(81)}`,
    ];
    for (const value of values) {
      for (const now of [BEFORE_END, new Date("2026-11-30T23:00:00Z")]) {
        const page = runScript({ cookie: `other=1; spoiler_free=${value}; later=2`, now });
        page.run(true);
        expect(page.on(), `${value} at ${now.toISOString()}`).toBe(parseSpoilerFree(value, now) !== null);
      }
    }
  });

  it("hides every guard with a round not revealed, and shows its cover", () => {
    const page = runScript({ cookie: `spoiler_free=${UNTIL_SECONDS}.2026-r3.2026-r4`, now: BEFORE_END });
    page.run(true);
    const guard = `.spoiler-guard:has(>[data-spoiler-round]:not([data-spoiler-round="2026-r3"]):not([data-spoiler-round="2026-r4"]))`;
    expect(page.rule()).toBe(`${guard}>.spoiler-content{display:none}${guard}>.spoiler-cover{display:block}`);
  });

  it("hides every guard where the browser has no :has()", () => {
    const page = runScript({ cookie: `spoiler_free=${UNTIL_SECONDS}.2026-r3`, now: BEFORE_END });
    page.run(false);
    expect(page.rule()).toBe(".spoiler-guard>.spoiler-content{display:none}.spoiler-guard>.spoiler-cover{display:block}");
  });

  it("writes no rule without the mode", () => {
    const page = runScript({ cookie: "", now: BEFORE_END });
    page.run(true);
    expect(page.rule()).toBe("");
    expect(page.on()).toBe(false);
  });

  it("ends the mode at its end on an open page, and says so once", () => {
    const page = runScript({ cookie: `spoiler_free=${UNTIL_SECONDS}`, now: BEFORE_END });
    page.run(true);
    expect(page.on()).toBe(true);
    page.advanceTo(new Date("2026-11-30T22:59:00Z"));
    expect(page.on()).toBe(true);
    page.advanceTo(new Date("2026-11-30T23:00:01Z"));
    expect(page.on()).toBe(false);
    expect(page.rule()).toBe("");
    expect(page.events).toEqual([{ type: SPOILER_FREE_CHANGED_EVENT, detail: null }]);
  });

  it("says when the page changed the mode, with the new value, and not when nothing changed", () => {
    const page = runScript({ cookie: "", now: BEFORE_END });
    page.run(true);
    expect(page.events).toEqual([]);
    page.setCookie(`spoiler_free=${UNTIL_SECONDS}`);
    page.apply();
    page.apply();
    page.setCookie(`spoiler_free=${UNTIL_SECONDS}.2026-r4`);
    page.apply();
    expect(page.events).toEqual([
      { type: SPOILER_FREE_CHANGED_EVENT, detail: `${UNTIL_SECONDS}` },
      { type: SPOILER_FREE_CHANGED_EVENT, detail: `${UNTIL_SECONDS}.2026-r4` },
    ]);
  });

  it("shows a race report's spoiler-safe title while its round is hidden, whoever writes the title", () => {
    const page = runScript({
      cookie: `spoiler_free=${UNTIL_SECONDS}`,
      now: BEFORE_END,
      title: "Marsh Wins Race 2 | Ridgeway Racing",
      titleMeta: { round: "2026-r4", content: "Round 4 race report | Ridgeway Racing" },
    });
    page.run(true);
    expect(page.title.textContent).toBe("Round 4 race report | Ridgeway Racing");
    // React writes the real title again (hydration, a client navigation): it is swapped back.
    page.title.textContent = "Marsh Wins Race 2 | Ridgeway Racing";
    page.mutateHead();
    expect(page.title.textContent).toBe("Round 4 race report | Ridgeway Racing");
    // The round revealed: the real title returns.
    page.setCookie(`spoiler_free=${UNTIL_SECONDS}.2026-r4`);
    page.apply();
    expect(page.title.textContent).toBe("Marsh Wins Race 2 | Ridgeway Racing");
  });

  it("leaves the title of a page without a spoiler-safe one", () => {
    const page = runScript({ cookie: `spoiler_free=${UNTIL_SECONDS}`, now: BEFORE_END, title: "Race Calendar | Ridgeway Racing" });
    page.run(true);
    page.mutateHead();
    expect(page.title.textContent).toBe("Race Calendar | Ridgeway Racing");
  });
});
