import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rolldown } from "vite";
import { compression } from "vite-plugin-compression2";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";

/**
 * What every page runs travels in one "site" chunk: the root layout and the components, helpers and
 * packages it imports (React Router's client code among them), so a page preloads a handful of
 * files instead of thirty 1-2 kB ones, each a round trip on a slow phone link (ADR 0084). A shared
 * component that only some routes use is left to the bundler, which puts it in a chunk of those routes
 * (ADR 0093): a page does not fetch the parts of others. Zod, the web vitals helpers (only the
 * on-demand reporter and the back office use them, ADR 0089) and anything of the back office never
 * join "site".
 */
function sharedSiteChunk(id: string, chunking: Rolldown.ChunkingContext): string | null {
  // Tested on the path inside the project: a checkout in a folder named like "wt-first-admin" would
  // otherwise keep every module out of "site", and the home page over its budget.
  if (/\/lib\/(zod|web-vitals)\.|admin/.test(path.relative(PROJECT_DIR, id))) return null;
  const inSite = REACT_PACKAGES.test(id) || PICTURES.test(id) || SHARED_WITH_ENTRY.test(id) || layoutModules(chunking).has(id);
  return inSite ? "site" : null;
}

/** Found once: a build runs one client build per process. */
let layoutModulesFound: Set<string> | undefined;

/** The modules the root layout imports, directly or through others (not dynamic imports). */
function layoutModules(chunking: Rolldown.ChunkingContext): Set<string> {
  if (layoutModulesFound) return layoutModulesFound;
  const found = new Set<string>();
  const toVisit = [...(chunking.getModuleInfo(ROOT_MODULE)?.importedIds ?? [])];
  for (let id = toVisit.pop(); id !== undefined; id = toVisit.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    toVisit.push(...(chunking.getModuleInfo(id)?.importedIds ?? []));
  }
  return (layoutModulesFound = found);
}

/**
 * React DOM, its scheduler and React Router's client, in "site" with React. Otherwise the entry
 * chunk carries part of them and a small chunk of their own the rest.
 */
const REACT_PACKAGES = /\/node_modules\/(react-dom|react-router|scheduler)\//;

/** The picture components nearly every page shows, and what they import: one file fewer to fetch for each. */
const PICTURES = /\/app\/(components\/(site-picture|responsive-picture)|features\/media\/media)\.tsx?$/;

/**
 * What the page's entry shares with parts loaded later: in "site", which every page loads anyway,
 * rather than a file of its own for a few bytes. The offline copy's attribute (ADR 0135) is read by
 * the entry, the worker's page-side code and the install offer.
 */
const SHARED_WITH_ENTRY = /\/app\/features\/offline\/offline-copy\.ts$/;

const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const PROJECT_DIR = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The client build groups the site's shared building blocks into one chunk (ADR 84) instead of
  // letting the bundler merge small chunks by size (ADR 20, amended), which carried back-office
  // screens to every visitor's phone. Rolldown takes the grouping as a code-splitting group (ADR
  // 0116): its `manualChunks` is only a deprecated alias for one, ignored as soon as any other
  // code-splitting option is set.
  // No module preloads for the late parts' dynamic imports (ADR 0112): Vite's helper appended a
  // <link rel="modulepreload"> per dependency (24 for the home page's sections) in one task while
  // the page hydrated, 10-50 ms of a phone's main thread. The bundler hoists each late part's
  // transitive imports into its own file, so the browser still fetches them side by side, one
  // round trip later.
  build: {
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: sharedSiteChunk }] } } },
  },
  environments: {
    // The server build's entry is the Express app, so the production bundle carries the same
    // middleware the dev server loads through Vite. It is one file: the parts that hydrate later
    // are imported dynamically (ADR 0093), and as chunks of their own that import the server build
    // back, loading them through tsx cost the process 120 MB more memory.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts", output: { codeSplitting: false } } } },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli (quality 11) and gzip copies of the client files, written once at build time and
    // served by express-static-gzip, so the server never compresses a static file per request.
    // The plugin runs in both environments; the server's bundle (index.js) and manifest are left
    // alone, and React Router removes the server's copies of the client's assets after the build.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|css|svg|xml|txt|json)$/,
      exclude: [/^index\.js$/, /^\.vite\//],
      threshold: 1024,
    }),
    // The service worker, /sw.js, with the files the offline pages need (ADR 0135).
    serviceWorker(),
  ],
});
