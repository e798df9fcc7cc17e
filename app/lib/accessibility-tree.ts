/**
 * What a screen reader is given, judged from the accessibility tree (Chromium's, through the
 * DevTools protocol's Accessibility.getFullAXTree; tests/e2e/accessibility-tree.spec.ts). Pure,
 * so that the rules are unit-tested apart from the browser.
 */

/** One node of the tree that is not ignored, reduced to what the rules look at. */
export interface TreeNode {
  role: string;
  name: string;
  /** A heading's level. */
  level?: number;
  /** A link's destination (absolute). */
  url?: string;
  /** The ids a button controls (aria-controls), as a place it "goes to". */
  controls?: string;
}

/** The landmarks every page has: the site header, its navigation, the page's main and footer. */
export const REQUIRED_LANDMARKS = ["banner", "navigation", "main", "contentinfo"] as const;

/** A link's destination, for comparison: the hash of a link to the same page is kept, a trailing slash is not. */
function place(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/$/, "") : parsed.pathname;
    return `${parsed.origin}${path}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/**
 * Everything wrong with one page's tree, in words: a heading with no name, not exactly one
 * level-1 heading, a missing landmark, or one name for links (or buttons) that go to different
 * places, which a screen reader's list of links cannot tell apart (WCAG 2.4.4, 2.4.6, 1.3.1).
 */
export function accessibilityTreeProblems(nodes: readonly TreeNode[]): string[] {
  const problems: string[] = [];
  const headings = nodes.filter((node) => node.role === "heading");
  const unnamed = headings.filter((node) => node.name.trim() === "");
  if (unnamed.length)
    problems.push(`${unnamed.length} heading(s) with no name (levels ${unnamed.map((node) => node.level ?? "?").join(", ")})`);
  const firstLevel = headings.filter((node) => node.level === 1);
  if (firstLevel.length !== 1) {
    problems.push(
      `${firstLevel.length} level-1 headings${firstLevel.length ? `: ${firstLevel.map((node) => `"${node.name}"`).join(", ")}` : ""}`,
    );
  }
  for (const landmark of REQUIRED_LANDMARKS) {
    if (!nodes.some((node) => node.role === landmark)) problems.push(`no ${landmark} landmark`);
  }
  const places = new Map<string, Set<string>>();
  for (const node of nodes) {
    const where = node.role === "link" ? node.url && place(node.url) : node.role === "button" ? node.controls : undefined;
    const name = node.name.replace(/\s+/g, " ").trim().toLowerCase();
    if (!where || !name) continue;
    const key = `${node.role} "${name}"`;
    places.set(key, (places.get(key) ?? new Set()).add(where));
  }
  for (const [key, where] of places) {
    if (where.size > 1) problems.push(`${key} goes to ${where.size} places: ${[...where].join(", ")}`);
  }
  return problems;
}
