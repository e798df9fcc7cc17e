import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * The components and helpers under app/components and app/lib travel in one "site" chunk, with
 * what they import (React Router's client code among it): a page then preloads a handful of files
 * instead of thirty 1-2 kB ones, each a round trip on a slow phone link. Zod, the web vitals
 * helpers (only the on-demand reporter and the back office use them, ADR 0089) and anything of the
 * back office stay out of it, so a visitor's page does not fetch them.
 */
function sharedSiteChunk(id: string): string | undefined {
  if (/\/app\/(components|lib)\//.test(id) && !/\/lib\/(zod|web-vitals)\.|admin/.test(id)) return "site";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is the Express app, so the production bundle
  // carries the same middleware the dev server loads through Vite.
  // The client build groups the site's shared building blocks into one chunk (ADR 84) instead of
  // letting Rollup merge small chunks by size (ADR 20, amended), which carried back-office screens
  // to every visitor's phone.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { rollupOptions: { output: { manualChunks: sharedSiteChunk } } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli (quality 11) and gzip copies of the client files, written once at build time and
    // served by express-static-gzip, so the server never compresses a static file per request.
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|xml|txt|json)$/, threshold: 1024 }),
  ],
}));
