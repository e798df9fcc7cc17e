import type { Control, Tab } from "./engines";

/*
 * What a journey does on a page, the same in every engine: find a control as a person would (by
 * its label, or by a selector and its text), wait for it, act on it with the driver's own clicks
 * and keys, and wait for what should follow. The finding runs in the page as a script string, not
 * a compiled function, so it is the same text in every browser.
 */

/** A control by its label's text, or the first visible element matching a selector (with this text). */
export type Query = { label: string; scope?: string } | { css: string; text?: string; scope?: string };

const IN_PAGE = `
  const norm = (text) => (text || "").replace(/\\s+/g, " ").trim();
  const visible = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (!element.checkVisibility || element.checkVisibility({ visibilityProperty: true }));
  };
  const scopeOf = (query) => (query.scope ? document.querySelector(query.scope) : document);
  const find = (query) => {
    const scope = scopeOf(query);
    if (!scope) return null;
    if ("label" in query) {
      const label = [...scope.querySelectorAll("label")].find((label) => norm(label.textContent) === query.label && visible(label.control || label));
      return label ? label.control : null;
    }
    return [...scope.querySelectorAll(query.css)].find((element) =>
      visible(element) && (query.text === undefined || norm(element.textContent).includes(query.text) || norm(element.getAttribute("aria-label")) === query.text)) || null;
  };
  /** The alpha of a computed colour: rgb(), rgba(), or a colour function with "/ alpha". */
  const alphaOf = (colour) => {
    const alpha = /(?:\\/\\s*|rgba\\([^)]*,\\s*)([\\d.]+)(%?)\\s*\\)$/.exec(colour);
    return alpha ? Number(alpha[1]) / (alpha[2] ? 100 : 1) : 1;
  };
  const settled = () => document.readyState === "complete" && !document.querySelector('html[data-hydration="pending"]');
`;

/** An expression evaluated in the page with the helpers above in scope. */
const inPage = (body: string) => `(() => { ${IN_PAGE} return (${body}); })()`;

const describe = (query: Query) =>
  "label" in query ? `the field labelled "${query.label}"` : `${query.css}${query.text ? ` with "${query.text}"` : ""}`;

export class JourneyPage {
  constructor(
    private readonly tab: Tab,
    readonly baseUrl: string,
    readonly width: number,
  ) {}

  /** Loads a page of the site and waits until it has hydrated. */
  async visit(path: string) {
    await this.tab.load(`${this.baseUrl}${path}`);
    await this.waitFor(`${path} to hydrate`, "settled()");
  }

  /** Polls an expression (with the page helpers) until it is truthy; returns its value (an element is no value: use !!). */
  async waitFor<T>(what: string, expression: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await this.tab.evaluate<T>(inPage(expression));
        if (value) return value;
      } catch (error) {
        // A page being replaced by the next one answers with an error for a moment.
        lastError = error;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  /** The control once the page has hydrated and it is visible and enabled (a form disables its fields while it submits). */
  async find(query: Query): Promise<Control> {
    await this.waitFor(
      `${describe(query)} to be visible and enabled`,
      `settled() && !!find(${JSON.stringify(query)}) && !find(${JSON.stringify(query)}).matches(":disabled")`,
    );
    const control = await this.tab.control(inPage(`find(${JSON.stringify(query)})`));
    if (!control) throw new Error(`${describe(query)} went away`);
    return control;
  }

  async click(query: Query) {
    await (await this.find(query)).click();
  }

  async fill(label: string, text: string, scope?: string) {
    await (await this.find({ label, scope })).type(text);
  }

  async choose(label: string, value: string, scope?: string) {
    await (await this.find({ label, scope })).choose(value);
  }

  /** Waits until an element matching the selector shows the text. */
  async expectText(css: string, text: string, scope?: string) {
    await this.waitFor(`"${text}" in ${css}`, `!!find(${JSON.stringify({ css, text, scope })})`);
  }

  async expectPath(path: RegExp) {
    await this.waitFor(`the address to match ${path}`, `${path}.test(location.pathname + location.search)`);
  }

  /** The page's level-one heading reads this (and the page has hydrated). */
  async expectHeading(text: string) {
    await this.waitFor(
      `the heading "${text}"`,
      `settled() && norm(document.querySelector("main h1")?.textContent) === ${JSON.stringify(text)}`,
    );
  }

  /** Nothing is wider than the window: no sideways scrolling. */
  async expectNoOverflow(where: string) {
    // With the innermost elements that reach past the window's edge, so a failure says what to fix.
    const { scrollWidth, clientWidth, past } = await this.tab.evaluate<{ scrollWidth: number; clientWidth: number; past: string[] }>(
      `(() => {
        const clientWidth = document.documentElement.clientWidth;
        const past = [...document.body.querySelectorAll("*")]
          .filter((element) => element.getBoundingClientRect().right > clientWidth + 0.5)
          .filter((element, _index, all) => !all.some((other) => other !== element && element.contains(other)))
          .slice(0, 3)
          .map((element) => element.tagName.toLowerCase() + " " + Math.round(element.getBoundingClientRect().right) + " px: " + (element.textContent ?? "").trim().slice(0, 60));
        return { scrollWidth: document.documentElement.scrollWidth, clientWidth, past };
      })()`,
    );
    if (scrollWidth > clientWidth)
      throw new Error(
        `${where} is ${scrollWidth} px wide in a ${clientWidth} px window (${past.join("; ") || "no element found past the edge"})`,
      );
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.tab.evaluate<T>(inPage(expression));
  }

  screenshot(file: string) {
    return this.tab.screenshot(file);
  }
}
