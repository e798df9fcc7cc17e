import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The import rules of docs/ARCHITECTURE.md, checked on the modules' static imports (those that
 * load code when the module loads: type-only imports and dynamic `import()` are left out). The
 * project's own modules under app/, server/ and db/, tests aside.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function modulesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

const MODULES = new Set(["app", "server", "db"].flatMap(modulesUnder));

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base.replace(/\.js$/, ".ts")];
  return candidates.find((candidate) => MODULES.has(candidate)) ?? null;
}

/** `import … from`, `export … from` and `import "…"`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:([^;"']*?)\s*from\s*)?["']([^"']+)["']/gm;

/** `type { A }`, `{ type A, type B }`: a clause that loads nothing. */
function isTypeOnly(clause: string): boolean {
  if (/^type\s/.test(clause.trim())) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  return named !== null && named[1]!.split(",").every((part) => part.trim() === "" || /^type\s/.test(part.trim()));
}

const GRAPH = new Map<string, string[]>(
  [...MODULES].map((file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const imports = [...source.matchAll(STATIC_IMPORT)]
      .filter(([, clause]) => !(clause && isTypeOnly(clause)))
      .map(([, , specifier]) => resolveImport(file, specifier!))
      .filter((target): target is string => target !== null);
    return [file, imports];
  }),
);

/** Groups of modules that import each other, directly or round a loop (Tarjan's algorithm). */
function importCycles(): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string) => {
    order.set(module, counter);
    low.set(module, counter++);
    stack.push(module);
    onStack.add(module);
    for (const target of GRAPH.get(module) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, order.get(target)!));
    }
    if (low.get(module) !== order.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const module of GRAPH.keys()) if (!order.has(module)) visit(module);
  return cycles;
}

/** Every module `module` loads, directly or through others, itself left out. */
function reachableFrom(module: string): Set<string> {
  const seen = new Set<string>();
  const next = [...(GRAPH.get(module) ?? [])];
  while (next.length > 0) {
    const target = next.pop()!;
    if (seen.has(target)) continue;
    seen.add(target);
    next.push(...(GRAPH.get(target) ?? []));
  }
  seen.delete(module);
  return seen;
}

/** Every import from a module matching `from` to one matching `to`, as "from -> to". */
function importsBetween(from: RegExp, to: RegExp): string[] {
  return [...GRAPH].flatMap(([file, targets]) => (from.test(file) ? targets.filter((t) => to.test(t)).map((t) => `${file} -> ${t}`) : []));
}

describe("the import rules (docs/ARCHITECTURE.md)", () => {
  it("reads the project's modules and their imports", () => {
    expect(MODULES.size).toBeGreaterThan(400);
    expect(GRAPH.get("app/features/account/session.server.ts")).toContain("app/features/account/client-ip-header.ts");
  });

  it("has no import cycle but the loop of foreign keys users -> drivers -> media_assets -> users", () => {
    // users.driver_id references drivers, drivers.photo_asset_id a media asset, and
    // media_assets.created_by a user: a loop in the data itself, so the three domains' modules
    // (accounts, racing, media) import each other; Drizzle reads the references through functions,
    // after every schema module has loaded. Regrouped by domain (issue 42), the rest of the schema
    // (news, content, team, shop, mail…) is out of the loop, as content.ts was not.
    const knownSchemaCycle = ["db/schema/accounts.ts", "db/schema/media.ts", "db/schema/racing.ts"];
    expect(importCycles()).toEqual([knownSchemaCycle]);
  });

  it("keeps route modules as leaves: nothing but a route imports one", () => {
    expect(importsBetween(/^(?!app\/routes\/)/, /^app\/routes\//)).toEqual([]);
  });

  it("keeps the public site's routes off the back office's", () => {
    expect(importsBetween(/^app\/routes\/[^/]+$/, /^app\/routes\/admin\//)).toEqual([]);
  });

  it("keeps the pure helpers in app/lib pure: they import only each other and the brand's constants", () => {
    expect(importsBetween(/^app\/lib\/(?!.*\.server\.)/, /^(?!app\/lib\/|app\/brand\.ts$)/)).toEqual([]);
  });

  it("keeps the UI kit free of features, routes and the server", () => {
    expect(importsBetween(/^app\/components\/ui\//, /^(app\/(features|routes)\/|server\/|db\/)/)).toEqual([]);
  });

  it("keeps the e-mail kernel (mail/) off the features whose e-mails it sends: the preview catalogue is the desk's", () => {
    // mail/ stands on the audited write, the settings read (the footer's address) and the delivery
    // metrics; every feature imports its outbox, so anything more here would tie it to the site.
    const kernel = /^app\/features\/(mail|admin\/audit\.server|settings\/site-settings\.server|operations\/metrics\.server)/;
    expect(
      importsBetween(/^app\/features\/mail\//, /^app\/(features|routes)\//).filter((edge) => !kernel.test(edge.split(" -> ")[1]!)),
    ).toEqual([]);
  });

  it("reads the site settings (pages, e-mail frames) without loading the audit, staff or session modules", () => {
    // The audited write is site-settings-write.server.ts; an e-mail's footer needs only the read.
    for (const reader of ["app/features/settings/site-settings.server.ts", "app/features/mail/email-frame.server.ts"]) {
      const loaded = [...reachableFrom(reader)].filter((module) => /^app\/features\/(admin|account)\//.test(module));
      expect(loaded, reader).toEqual([]);
    }
  });

  it("keeps the desk kit in the back-office kernel: no desk borrows another desk's helpers", () => {
    // Fields, form fields, the audited desk write, answers and restore live in app/features/admin/desk
    // (ADR 0120); the kit stands on the kernel, app/lib, the UI kit and the media library's picker.
    expect(importsBetween(/^app\/features\/admin\/desk\//, /^app\/(routes\/|features\/(?!admin\/|media\/))/)).toEqual([]);
    expect(importsBetween(/^app\/features\/(?!site-desk\/)/, /^app\/features\/site-desk\//)).toEqual([]);
    // Known: the stock file reads CSV with the results import's splitter.
    expect(importsBetween(/^app\/features\/(?!results\/)/, /^app\/features\/results\//)).toEqual([
      "app/features/shop/shop-desk/stock-csv.ts -> app/features/results/classification-csv.ts",
    ]);
  });

  it("keeps the app out of the Express server's modules", () => {
    expect(importsBetween(/^app\//, /^server\//)).toEqual([]);
  });
});
