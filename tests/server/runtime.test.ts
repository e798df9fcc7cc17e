import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkNode } from "../../scripts/node-version.mjs";
import { serverForTests } from "../support/server-fixture";

/*
 * The runtime (ADR 0113): the site and its tests run on the Node.js that package.json pins, when
 * started through npm's scripts; the server says which in its "listening on" line; and an old
 * Node.js is refused with one line. Needs `npm run build`.
 */

const root = path.resolve(import.meta.dirname, "../..");
const pinned = readFileSync(path.join(root, ".nvmrc"), "utf8").trim();
// npm's scripts (npm test, npm run …) and npx put node_modules/.bin, where npm installs the pinned
// Node.js on Linux x64, first on PATH. CI's second pass on the oldest supported line runs vitest
// with that Node.js directly, outside npm.
const throughNpm = Boolean(process.env.npm_command) && process.platform === "linux" && process.arch === "x64";

const site = serverForTests({ env: { LOG_LEVEL: "info" } });

describe("the Node.js the site runs on", () => {
  it("is a supported one, the same for the tests and the server they start, and named in the server's log", () => {
    expect(checkNode(process.version)).toBeNull();
    const line = site.server
      .output()
      .split("\n")
      .find((text) => text.includes("listening on"));
    expect(line && (JSON.parse(line) as { node?: string }).node).toBe(process.version);
  });

  it.runIf(throughNpm)("is the pinned one under npm's scripts", () => {
    expect(process.version).toBe(`v${pinned}`);
  });
});

describe("an unsupported Node.js", () => {
  // Stands in for an old Node.js: the check reads process.version, set here before anything loads.
  const asNode20 = ["--import", `data:text/javascript,Object.defineProperty(process, "version", { value: "v20.20.2" })`];

  for (const [what, args] of [
    ["the server", ["--import", "tsx", "server/index.ts"]],
    ["npm start's build step", ["scripts/build-if-needed.mjs"]],
  ] as const) {
    it(`is refused by ${what} with one line naming the version found and the one needed`, () => {
      const result = spawnSync(process.execPath, [...asNode20, ...args], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, ...site.testDb.env },
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Node\.js v20\.20\.2 \(.+\) is not supported: this site needs Node\.js 24 or later/);
      expect(lines[0]).toContain(`${pinned} is pinned in .nvmrc`);
      expect(result.stdout).not.toContain("listening on");
    });
  }
});
