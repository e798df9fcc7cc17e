// npm start builds first when there is no production build, or when a source
// file is newer than the build.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { requireSupportedNode } from "./node-version.mjs";

// First: on an unsupported Node.js, one line that says which one and how to get the right one.
requireSupportedNode();

const builtEntry = "build/server/index.js";
const sources = ["app", "server/app.ts", "content", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const builtAt = existsSync(builtEntry) ? statSync(builtEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding." : "No production build yet: building.");
  execSync("npx react-router build", { stdio: "inherit" });
}
