import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DECISIONS = path.join(import.meta.dirname, "..", "docs", "decisions");
const index = readFileSync(path.join(DECISIONS, "README.md"), "utf8");
const records = readdirSync(DECISIONS).filter((name) => /^\d{4}-.+\.md$/.test(name));
const listed = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \|/gm)].map((match) => ({ number: match[1]!, file: match[2]! }));

describe("the index of decision records (docs/decisions/README.md)", () => {
  it("lists every record once, in order, each row linking to its file", () => {
    expect(listed.map((row) => row.file)).toEqual([...records].sort());
    for (const row of listed) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true);
  });

  it("links only to files that exist", () => {
    for (const [, target] of index.matchAll(/\]\(([^)#]+\.md)\)/g)) expect(existsSync(path.join(DECISIONS, target!)), target).toBe(true);
  });

  it("gives every record a date and a status", () => {
    for (const line of index.split("\n").filter((row) => /^\| \[\d{4}\]/.test(row))) {
      const [, , date, status] = line.split(" | ");
      expect(date, line).toMatch(/^2026-\d\d-\d\d/);
      expect(status, line).toMatch(/^Accepted/);
    }
  });
});
