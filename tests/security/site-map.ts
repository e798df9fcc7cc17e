import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** A route of app/routes.ts as a URL pattern: "/admin/orders/:orderNumber", "/" for the home page, "*" for the catch-all. */
export interface RoutePattern {
  pattern: string;
  file: string;
  params: string[];
}

/** Every route in app/routes.ts with a page or resource of its own (layouts with an index route are covered by it). */
export function routePatterns(): RoutePattern[] {
  const found: RoutePattern[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.index ? prefix : joinPath(prefix, entry.path ?? "");
      if (entry.children?.length) walk(entry.children, path);
      else found.push({ pattern: path, file: entry.file, params: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!) });
    }
  };
  walk(routes as RouteConfigEntry[], "");
  return found;
}

function joinPath(prefix: string, path: string): string {
  if (path === "*") return "*";
  return `${prefix.replace(/\/$/, "")}/${path}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1") || "/";
}

/** Which route pattern a concrete path is, as React Router ranks them: fewer dynamic segments win. */
export function patternOf(pathname: string, patterns: RoutePattern[]): RoutePattern | undefined {
  const candidates = patterns
    .filter((route) => route.pattern !== "*" && patternRegExp(route.pattern).test(pathname))
    .sort((a, b) => a.params.length - b.params.length);
  return candidates[0];
}

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** A form a page shows: where it posts and its fields, with the values the page gave them. */
export interface PageForm {
  page: string;
  action: string;
  enctype: string;
  fields: [string, string][];
}

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i");
const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The same-site links on a page, as paths without query or fragment. */
export function linksOf(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*href="(\/[^"#?]*)[^"]*"/gi)) {
    if (!match[1]!.startsWith("//")) links.add(decode(match[1]!));
  }
  return [...links];
}

/** The POST forms on a page and their named fields (inputs, selects, text areas, submit buttons' intents). */
export function formsOf(page: string, html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attributes = match[1]!;
    if ((ATTRIBUTE("method").exec(attributes)?.[1] ?? "get").toLowerCase() !== "post") continue;
    const action = decode(ATTRIBUTE("action").exec(attributes)?.[1] ?? page);
    const fields: [string, string][] = [];
    for (const field of match[2]!.matchAll(/<(input|textarea|select|button)\b([^>]*)>/gi)) {
      const name = ATTRIBUTE("name").exec(field[2]!)?.[1];
      if (!name) continue;
      const type = (ATTRIBUTE("type").exec(field[2]!)?.[1] ?? "").toLowerCase();
      if (type === "file") continue;
      fields.push([decode(name), decode(ATTRIBUTE("value").exec(field[2]!)?.[1] ?? "")]);
    }
    forms.push({
      page,
      action: action.split("#")[0]!,
      enctype: ATTRIBUTE("enctype").exec(attributes)?.[1] ?? "application/x-www-form-urlencoded",
      fields,
    });
  }
  return forms;
}
