// Which Node.js this site runs on (docs/decisions/0113-runtime-from-the-npm-registry.md).
// Plain JavaScript on purpose: it must load, and say something useful, on the old Node it refuses
// (scripts/build-if-needed.mjs runs before anything is compiled). Pure functions, then one that
// reads the project's files.
import { readFileSync } from "node:fs";

/**
 * "v24.1.0", "24.1", "24" → [24, 1, 0]; anything else → null.
 * @param {string} text
 * @returns {[number, number, number] | null}
 */
export function parseVersion(text) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * The lowest version an `engines.node` range of the form ">=24" or ">=24.1.0" allows. The project
 * writes only that form; any other is an error, not a guess.
 * @param {string} range
 * @returns {[number, number, number]}
 */
export function minimumOf(range) {
  const match = /^>=\s*(v?\d+(?:\.\d+){0,2})$/.exec(range.trim());
  const version = match ? parseVersion(match[1]) : null;
  if (!version) throw new Error(`engines.node must be written ">=N" or ">=N.N.N", not "${range}"`);
  return version;
}

/**
 * @param {[number, number, number]} a
 * @param {[number, number, number]} b
 * @returns {number} negative when a is older than b, 0 when equal, positive when newer
 */
export function compareVersions(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Null when `found` satisfies `range`; otherwise the one line to print before refusing to run.
 * @param {{ found: string, range: string, pinned: string }} versions
 *   found: process.version; range: package.json's engines.node; pinned: .nvmrc
 * @returns {string | null}
 */
export function unsupportedNodeMessage({ found, range, pinned }) {
  const minimum = minimumOf(range);
  const version = parseVersion(found);
  if (version && compareVersions(version, minimum) >= 0) return null;
  const needed = minimum[1] || minimum[2] ? minimum.join(".") : String(minimum[0]);
  return (
    `Node.js ${found} (${process.execPath}) is not supported: this site needs Node.js ${needed} or later ` +
    `(${pinned} is pinned in .nvmrc). Run "npm install", then "npm start" or "npm test": npm's scripts use the ` +
    `Node.js ${pinned} that "npm install" puts in node_modules/.bin on Linux x64; elsewhere install Node.js ${pinned}.`
  );
}

/**
 * Reads the range from package.json and the pinned version from .nvmrc, beside this folder.
 * @param {string} [found]
 * @returns {string | null}
 */
export function checkNode(found = process.version) {
  const root = new URL("../", import.meta.url);
  const range = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).engines.node;
  const pinned = readFileSync(new URL(".nvmrc", root), "utf8").trim();
  return unsupportedNodeMessage({ found, range, pinned });
}

/** Prints the message and exits with status 1 when this Node.js is not supported. */
export function requireSupportedNode() {
  const message = checkNode();
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
