import { describe, expect, it } from "vitest";
import { rateLimitHits } from "../../db/schema";
import { clearRateLimits, consumeRateLimit, pruneRateLimits } from "../../app/lib/rate-limit.server";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();

describe("consumeRateLimit", () => {
  const limit = { key: "test:203.0.113.7", limit: 3, windowMs: 10_000 };

  it("allows the limit within a window, refuses more, and resets in the next window", async () => {
    const start = new Date("2026-01-01T12:00:00.000Z");
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push((await consumeRateLimit(suite.db, limit, start)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await consumeRateLimit(suite.db, limit, new Date(start.getTime() + 4_000))).retryAfterSeconds).toBe(6);
    expect((await consumeRateLimit(suite.db, limit, new Date(start.getTime() + 10_000))).allowed).toBe(true);
    expect((await consumeRateLimit(suite.db, { ...limit, key: "test:other" }, start)).allowed).toBe(true);
  });

  it("counts every attempt when they arrive together", async () => {
    const now = new Date("2026-01-02T12:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(suite.db, { ...limit, key: "test:burst" }, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("prunes old windows", async () => {
    await pruneRateLimits(suite.db, new Date("2026-01-02T00:00:00.000Z"));
    const keys = (await suite.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys).toEqual(["test:burst"]);
  });
});

describe("clearRateLimits", () => {
  it("forgets the named keys and the keys under a prefix, reading % and _ literally", async () => {
    const now = new Date("2026-02-01T12:00:00.000Z");
    const keys = ["clear:a%b_c", "clear:a%b_c from 1", "clear:a%b_c from 2", "clear:aXbYc from 1", "clear:other", "clear:a%b_cd from 1"];
    for (const key of keys) await consumeRateLimit(suite.db, { key, limit: 1, windowMs: 60_000 }, now);
    await clearRateLimits(suite.db, ["clear:a%b_c"], ["clear:a%b_c from "]);
    const left = (await suite.db.select().from(rateLimitHits)).map((row) => row.key).filter((key) => key.startsWith("clear:"));
    expect(left.sort()).toEqual(["clear:a%b_cd from 1", "clear:aXbYc from 1", "clear:other"]);
    await clearRateLimits(suite.db, []);
  });
});
