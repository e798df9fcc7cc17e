import { describe, expect, it } from "vitest";
import { isRetryableStatus, newClientKey, retryDelayMs } from "./ticker-outbox";
import { clientKeyField } from "./live-desk-form";

describe("the ticker outbox", () => {
  it("makes keys the server accepts, different each time", () => {
    const keys = new Set(Array.from({ length: 200 }, newClientKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(clientKeyField.safeParse(key).success).toBe(true);
  });

  it("backs off 1 s, 2 s, 4 s … to 30 s, with jitter", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(retryDelayMs(1, () => 1)).toBe(1300);
  });

  it("retries what may not have arrived, never what was refused", () => {
    expect([0, 401, 403, 408, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 404, 409, 413].some(isRetryableStatus)).toBe(false);
  });
});
