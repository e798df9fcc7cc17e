/**
 * Builds the service worker (ADR 0135) with the site: `app/features/offline/service-worker.ts`
 * bundled into `build/client/sw.js`, one file, with
 * - the files the kept pages (home, calendar, a round's page) load, their late parts included, so
 *   a page saved on a first visit still hydrates offline (`publicPageFiles`, from the client
 *   bundle), and React Router's route manifest (written by the server build, so the worker is
 *   written after it);
 * - the build's id, a hash of those files' names (each name carries its content's hash) and the
 *   worker's own code: its caches are named by it and a new build's worker replaces the old one.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import type { Plugin, Rolldown } from "vite";

const PROJECT_DIR = fileURLToPath(new URL("..", import.meta.url));
const WORKER_SOURCE = path.join(PROJECT_DIR, "app/features/offline/service-worker.ts");
/** The worker's modules: a change to any of them is a new build of the worker. */
const WORKER_MODULES = [
  "app/features/offline/service-worker.ts",
  "app/features/offline/offline-policy.ts",
  "app/features/push/push-worker.ts",
  "app/features/push/push-payload.ts",
  "app/features/push/subscription-request-path.ts",
];

/** The modules whose pages a fan keeps offline: the app's entry, the root layout, home and the calendar's pages. */
const KEPT_PAGE_MODULES = /\/app\/(?:entry\.client|root|routes\/home|routes\/calendar(?:-[\w-]+)?)\.tsx$/;

/** What a kept page loads, as `/assets/…` URLs, and the site's stylesheet (for the offline page). */
export function publicPageFiles(bundle: Rolldown.OutputBundle): { files: string[]; stylesheet: string | null } {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const toVisit = chunks.filter((chunk) => chunk.facadeModuleId && KEPT_PAGE_MODULES.test(chunk.facadeModuleId.split("?")[0]!));
  for (let chunk = toVisit.pop(); chunk; chunk = toVisit.pop()) {
    // The back office never joins a fan's offline copy (nor should it be reachable from these pages).
    if (files.has(chunk.fileName) || /admin/.test(chunk.fileName)) continue;
    files.add(chunk.fileName);
    const metadata = (chunk as { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
    for (const file of [...(metadata?.importedCss ?? []), ...(metadata?.importedAssets ?? [])]) files.add(file);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const found = byName.get(next);
      if (found) toVisit.push(found);
    }
  }
  // The stylesheets' fonts and pictures.
  for (const file of [...files].filter((name) => name.endsWith(".css"))) {
    const css = bundle[file];
    const source = css?.type === "asset" ? String(css.source) : "";
    for (const [, url] of source.matchAll(/url\(["']?\/?(assets\/[^"')?#]+)/g)) if (url && url in bundle) files.add(url);
  }
  // The back office never joins a fan's offline copy.
  for (const name of files) if (/admin/.test(name)) files.delete(name);
  const stylesheet = [...files].find((name) => /(?:^|\/)app-[\w-]+\.css$/.test(name)) ?? null;
  return { files: [...files].sort().map((name) => `/${name}`), stylesheet: stylesheet && `/${stylesheet}` };
}

/** The build's id: the kept files' names (content-hashed) and the worker's code. */
export function buildId(files: readonly string[], workerCode: string): string {
  return createHash("sha256").update(files.join("\n")).update(workerCode).digest("base64url").slice(0, 12).replace(/[-_]/g, "0");
}

export function serviceWorker(): Plugin {
  let kept: ReturnType<typeof publicPageFiles> = { files: [], stylesheet: null };
  let clientDir: string | undefined;
  return {
    name: "ridgeway-service-worker",
    apply: "build",
    sharedDuringBuild: true,
    generateBundle(_options, bundle) {
      if (this.environment.name === "client") kept = publicPageFiles(bundle);
    },
    writeBundle(options) {
      if (this.environment.name === "client") clientDir = options.dir;
    },
    // After the server build, which writes React Router's manifest into the client's assets.
    async closeBundle() {
      if (this.environment.name === "client" || !clientDir) return;
      const manifests = readdirSync(path.join(clientDir, "assets"))
        .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
        .map((name) => `/assets/${name}`);
      const files = [...kept.files, ...manifests, "/favicon.svg"].sort();
      const id = buildId(files, WORKER_MODULES.map((module) => readFileSync(path.join(PROJECT_DIR, module), "utf8")).join("\n"));
      await build({
        input: WORKER_SOURCE,
        resolve: { alias: { "~": path.join(PROJECT_DIR, "app") } },
        transform: {
          define: {
            __BUILD_ID__: JSON.stringify(id),
            __PRECACHE__: JSON.stringify(files),
            __STYLESHEET__: JSON.stringify(kept.stylesheet),
          },
        },
        output: { file: path.join(clientDir, "sw.js"), format: "iife", minify: true },
        logLevel: "warn",
      });
      this.environment.logger.info(`Service worker: sw.js, build ${id}, ${files.length} files kept for offline pages`);
    },
  };
}
