import { describe, expect, it } from "vitest";
import { classifyPushAnswer, givesUp, MAX_PUSH_ATTEMPTS, retryDelayMs, topicHeader } from "./push-delivery-policy";

const now = new Date("2025-11-02T13:00:00Z");

describe("a push service's answer", () => {
  it("only 404 and 410 mean the subscription is gone; 429, 5xx and no answer are tried again; other 4xx are given up", () => {
    expect([200, 201, 202].map(classifyPushAnswer)).toEqual(["sent", "sent", "sent"]);
    expect([404, 410].map(classifyPushAnswer)).toEqual(["gone", "gone"]);
    expect([429, 500, 502, 503, null].map(classifyPushAnswer)).toEqual(["retry", "retry", "retry", "retry", "retry"]);
    expect([400, 401, 403, 413].map(classifyPushAnswer)).toEqual(["refused", "refused", "refused", "refused"]);
  });
});

describe("back-off", () => {
  it("waits 30 s, then twice as long each time, at most 30 minutes; a Retry-After is taken, up to an hour", () => {
    expect([1, 2, 3, 4, 7, 20].map((attempts) => retryDelayMs(attempts, null, now) / 1000)).toEqual([30, 60, 120, 240, 1800, 1800]);
    expect(retryDelayMs(1, "120", now)).toBe(120_000);
    expect(retryDelayMs(1, new Date(now.getTime() + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryDelayMs(1, "86400", now)).toBe(3_600_000);
    expect(retryDelayMs(2, "soon", now)).toBe(60_000);
  });

  it("gives up once out of attempts, or when the next attempt comes after the TTL", () => {
    const queuedAt = new Date(now.getTime() - 60_000);
    expect(givesUp(1, new Date(now.getTime() + 30_000), queuedAt, 3600)).toBe(false);
    expect(givesUp(5, new Date(queuedAt.getTime() + 3_601_000), queuedAt, 3600)).toBe(true);
    expect(givesUp(MAX_PUSH_ATTEMPTS, now, queuedAt, 86_400)).toBe(true);
  });
});

describe("the Topic header", () => {
  it("is at most 32 URL-safe base64 characters, the same for the same collapse key", () => {
    const topic = topicHeader("result-2025-r9-silverstone-national-s3");
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topicHeader("result-2025-r9-silverstone-national-s3")).toBe(topic);
    expect(topicHeader("result-2025-r9-silverstone-national-s2")).not.toBe(topic);
  });
});
