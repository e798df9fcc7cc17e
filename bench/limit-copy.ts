/**
 * The limit a page's first paint can reach: the same HTML with nothing that runs. Lighthouse
 * scores the page beside this copy (bench/lighthouse.ts, issues 17 and 23).
 *
 * The HTML is React's own output, so attribute values never contain a raw ">" (React escapes
 * it) and a script's text never contains "</script" (React Router escapes "<" in the data it
 * inlines): plain patterns find every element.
 */

const SCRIPT_ELEMENT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b([^>]*)>/gi;

/** The value of attribute `name` in an opening tag's attribute text, lower-cased; undefined when absent. */
function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, "i").exec(attributes);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? "").trim().toLowerCase();
}

/** JSON-LD is data for search engines, not a script: the browser never runs it, and CSP ignores it. */
function isJsonLd(attributes: string): boolean {
  return attribute(attributes, "type") === "application/ld+json";
}

function isModulePreload(attributes: string): boolean {
  return (attribute(attributes, "rel") ?? "").split(/\s+/).includes("modulepreload");
}

/**
 * `html` without its `<script>` elements (inline and external; JSON-LD stays) and its
 * `<link rel="modulepreload">` elements. Everything else is kept byte for byte.
 */
export function limitCopy(html: string): string {
  return html
    .replace(SCRIPT_ELEMENT, (element, attributes: string) => (isJsonLd(attributes) ? element : ""))
    .replace(LINK_ELEMENT, (element, attributes: string) => (isModulePreload(attributes) ? "" : element));
}

/** How many script elements (JSON-LD aside) and module preloads `html` has: 0 and 0 for a limit copy. */
export function countScripts(html: string): { scripts: number; modulePreloads: number } {
  let scripts = 0;
  let modulePreloads = 0;
  for (const [, attributes = ""] of html.matchAll(/<script\b([^>]*)>/gi)) if (!isJsonLd(attributes)) scripts++;
  for (const [, attributes = ""] of html.matchAll(LINK_ELEMENT)) if (isModulePreload(attributes)) modulePreloads++;
  return { scripts, modulePreloads };
}
