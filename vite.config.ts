import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The server build's entry is the Express app, so the production bundle
  // carries the same middleware the dev server loads through Vite.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : // Chunks under 2 kB are merged into the chunks that use them: `/` asks for 20 scripts
      // rather than 29 (each costs a round trip on a phone) for 3 kB more. A larger threshold
      // merges more and ships other pages' code (ADR 20).
      { rollupOptions: { output: { experimentalMinChunkSize: 2_000 } } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli (quality 11) and gzip copies of the client files, written once at build time and
    // served by express-static-gzip, so the server never compresses a static file per request.
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|xml|txt|json)$/, threshold: 1024 }),
  ],
}));
