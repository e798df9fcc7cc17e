import { describe, expect, it } from "vitest";
import {
  bounceKey,
  classifyFailure,
  deliveryHeaders,
  describeFailure,
  isBulk,
  MAX_ATTEMPTS,
  outboxState,
  retryDelayMs,
} from "./delivery-policy";

describe("retry back-off", () => {
  it("doubles from one minute and stops at four hours", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 16]);
    expect(retryDelayMs(9) / 60_000).toBe(240);
    expect(retryDelayMs(1_000)).toBe(4 * 60 * 60_000);
  });

  it("gives up after a working day of attempts, not a minute", () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1)).reduce((sum, ms) => sum + ms, 0);
    expect(total / 3_600_000).toBeGreaterThan(4);
    expect(total / 3_600_000).toBeLessThan(24);
  });
});

describe("failure classes", () => {
  it("a 5xx answer is permanent; 4xx is temporary; 421 and an unreachable server stop the round", () => {
    expect(classifyFailure(Object.assign(new Error("Message failed"), { responseCode: 550, code: "EENVELOPE" }))).toBe("permanent");
    expect(classifyFailure(Object.assign(new Error("x"), { responseCode: 554 }))).toBe("permanent");
    expect(classifyFailure(Object.assign(new Error("x"), { responseCode: 450 }))).toBe("temporary");
    expect(classifyFailure(Object.assign(new Error("x"), { responseCode: 421 }))).toBe("server");
    expect(classifyFailure(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ESOCKET" }))).toBe("server");
    expect(classifyFailure(Object.assign(new Error("no recipients"), { code: "EENVELOPE" }))).toBe("rejected");
    expect(classifyFailure(new Error("EACCES: permission denied"))).toBe("temporary");
    expect(classifyFailure("odd")).toBe("temporary");
  });

  it("records the server's answer when there is one", () => {
    expect(describeFailure(Object.assign(new Error("Can't send mail"), { response: "550 5.1.1   No such\r\n user" }))).toBe(
      "550 5.1.1 No such user",
    );
    expect(describeFailure(new Error("connect ECONNREFUSED"))).toBe("connect ECONNREFUSED");
    expect(describeFailure(new Error("x".repeat(900)))).toHaveLength(500);
  });
});

describe("headers", () => {
  it("transactional mail is Auto-Submitted; a newsletter (List-Id) is not", () => {
    expect(deliveryHeaders({})).toEqual({ "Auto-Submitted": "auto-generated" });
    const newsletter = { "List-Id": "Ridgeway Racing news <news.ridgeway-racing.example>", "List-Unsubscribe": "<https://x/u>" };
    expect(isBulk(newsletter)).toBe(true);
    expect(isBulk({ "list-id": "<x>" })).toBe(true);
    expect(isBulk({ "List-Unsubscribe": "<https://x/u>" })).toBe(false);
    expect(deliveryHeaders(newsletter)).toEqual(newsletter);
  });

  it("bounces are keyed by the lower-cased address", () => {
    expect(bounceKey("  Fan@Example.COM ")).toBe("fan@example.com");
  });
});

describe("outbox state", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  const row = { sentAt: null, failedAt: null, attempts: 0, claimedUntil: null };
  it("reads sent, failed, sending (a live lease), retrying and queued", () => {
    expect(outboxState({ ...row, sentAt: now }, now)).toBe("sent");
    expect(outboxState({ ...row, failedAt: now, attempts: 10 }, now)).toBe("failed");
    expect(outboxState({ ...row, claimedUntil: new Date(now.getTime() + 1000) }, now)).toBe("sending");
    expect(outboxState({ ...row, claimedUntil: new Date(now.getTime() - 1000), attempts: 2 }, now)).toBe("retrying");
    expect(outboxState(row, now)).toBe("queued");
  });
});
