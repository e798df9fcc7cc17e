import { useEffect } from "react";

/**
 * `data-focus-fallback` marks a meaningful place for focus to go when the control that had it
 * leaves the page or is disabled: the cart's heading, the promo box's field, the other arrow.
 */
const FOCUS_FALLBACK = "data-focus-fallback";

/** Focus on the page's <h1>, made focusable by script only (tabindex -1), without a scroll jump. */
export function focusPageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (!heading) return null;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return heading;
}

function ancestorsOf(element: Element): Element[] {
  const ancestors: Element[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) ancestors.push(parent);
  return ancestors;
}

function canTakeFocus(element: HTMLElement, lost: Element): boolean {
  return element !== lost && !element.matches(":disabled") && element.getClientRects().length > 0;
}

/**
 * The nearest meaningful place: the control itself if it was drawn again under the same id, else
 * the first marked element inside the closest ancestor of the lost control that is still on the page, looking no wider than the page's <main>; else the page's <h1>.
 */
function nearestFallback(lost: Element, ancestors: Element[]): HTMLElement | null {
  // The same control drawn again (a field keyed by its value, say) is the nearest of all.
  const redrawn = lost.id ? document.getElementById(lost.id) : null;
  if (redrawn && canTakeFocus(redrawn, lost)) return redrawn;
  const main = document.querySelector("main");
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    if (ancestor === main || ancestor === document.body) break;
    const marked = [...ancestor.querySelectorAll<HTMLElement>(`[${FOCUS_FALLBACK}]`)].find((element) => canTakeFocus(element, lost));
    if (marked) return marked;
  }
  return null;
}

/**
 * One rule for the whole site (WCAG 2.4.3): when the element that has keyboard focus is removed
 * or disabled (a cart line removed, the promo form replaced by its confirmation, "Next" disabled
 * at the end of the strip), focus goes to the nearest meaningful place instead of the page's
 * <body>, where a keyboard or screen reader user would start again from the top. Watching the DOM
 * rather than each component keeps the rule in one place; components only mark where focus may go.
 */
export function FocusFallback() {
  useEffect(() => {
    let lastFocused: { element: Element; ancestors: Element[] } | null = null;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element) lastFocused = { element: event.target, ancestors: ancestorsOf(event.target) };
    };
    const rescue = () => {
      if (!lastFocused) return;
      const { element, ancestors } = lastFocused;
      const lost = !element.isConnected || element.matches(":disabled");
      const active = document.activeElement;
      if (!lost || (active && active !== document.body && active !== element)) return;
      lastFocused = null;
      const target = nearestFallback(element, ancestors);
      if (target) {
        if (!target.hasAttribute("tabindex") && target.tabIndex < 0) target.tabIndex = -1;
        target.focus();
      } else {
        focusPageHeading();
      }
    };
    document.addEventListener("focusin", remember);
    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
    return () => {
      document.removeEventListener("focusin", remember);
      observer.disconnect();
    };
  }, []);
  return null;
}
