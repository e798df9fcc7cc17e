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
  // The client build does not merge small chunks any more (ADR 20, amended): Rollup merges a small
  // chunk into one that other pages load, and with the back office the small chunks are its
  // screens, which then reached every visitor's phone.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli (quality 11) and gzip copies of the client files, written once at build time and
    // served by express-static-gzip, so the server never compresses a static file per request.
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|xml|txt|json)$/, threshold: 1024 }),
  ],
}));
