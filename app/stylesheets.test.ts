import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The public stylesheet (app.css) leaves out the files only the back office renders (ADR 0080).
 * A class in a left-out file that a public page also renders would be missing from the public
 * pages without any error, so this follows the imports from every public route module and fails
 * if one reaches a left-out file. Server modules are not followed: they render no page.
 */
const appDir = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(path.join(appDir, file), "utf8");

const leftOut = [...read("app.css").matchAll(/^@source not "\.\/([^"]+)";/gm)].map((match) => path.join(appDir, match[1]!));

function resolveImport(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  const base = bare.startsWith("~/")
    ? path.join(appDir, bare.slice(2))
    : bare.startsWith(".")
      ? path.resolve(path.dirname(from), bare)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORTS = /^(?:import|export)(?!\s+type\b)[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

function reachable(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/\.server\.tsx?$/.test(file) || !/\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORTS)) {
      const target = resolveImport(file, match[1] ?? match[2]!);
      if (target) stack.push(target);
    }
  }
  return seen;
}

const routesDir = path.join(appDir, "routes");
const publicRoutes = readdirSync(routesDir)
  .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))
  .map((name) => path.join(routesDir, name));

describe("the public stylesheet's sources", () => {
  it("leave out the back office's routes", () => {
    expect(leftOut).toContain(path.join(appDir, "routes/admin"));
  });

  it("include every module a public page renders", () => {
    const rendered = reachable([path.join(appDir, "root.tsx"), ...publicRoutes]);
    const missing = [...rendered]
      .filter((file) => !/\.server\.tsx?$/.test(file))
      .filter((file) => leftOut.some((out) => file === out || file.startsWith(`${out}/`)));
    expect(missing.map((file) => path.relative(appDir, file))).toEqual([]);
  });

  it("are a subset of the back office's, which leaves nothing out", () => {
    expect(read("admin.css")).toMatch(/^@source "\.\/";$/m);
    expect(read("admin.css")).not.toMatch(/@source not/);
  });
});
