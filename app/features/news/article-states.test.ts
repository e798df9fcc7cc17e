import { describe, expect, it } from "vitest";
import { applyTransition, articleState, availableTransitions, isPubliclyVisible } from "./article-states";

const now = new Date("2026-05-10T12:00:00Z");
const later = new Date("2026-05-10T12:02:00Z");
const earlier = new Date("2026-05-10T11:00:00Z");

describe("articleState", () => {
  it("calls a published article whose time is ahead scheduled, and published once the time comes", () => {
    expect(articleState("published", later, now)).toBe("scheduled");
    expect(articleState("published", later, later)).toBe("published");
    expect(articleState("published", earlier, now)).toBe("published");
    expect(articleState("in_review", null, now)).toBe("in_review");
    expect(articleState("nonsense", null, now)).toBe("draft");
  });

  it("matches the public rule exactly: visible from publish_at on, never before", () => {
    expect(isPubliclyVisible("published", later, now)).toBe(false);
    expect(isPubliclyVisible("published", later, new Date(later.getTime() - 1))).toBe(false);
    expect(isPubliclyVisible("published", later, later)).toBe(true);
    expect(isPubliclyVisible("draft", earlier, now)).toBe(false);
    expect(isPubliclyVisible("archived", earlier, now)).toBe(false);
    expect(isPubliclyVisible("published", null, now)).toBe(false);
  });
});

describe("applyTransition", () => {
  it("moves a draft to review, schedules it, and publishes it", () => {
    expect(applyTransition({ status: "draft", publishAt: null }, { action: "submit" }, now)).toEqual({
      ok: true,
      status: "in_review",
      publishAt: null,
    });
    expect(applyTransition({ status: "in_review", publishAt: null }, { action: "schedule", publishAt: later }, now)).toEqual({
      ok: true,
      status: "published",
      publishAt: later,
    });
    expect(applyTransition({ status: "published", publishAt: later }, { action: "publish" }, now)).toEqual({
      ok: true,
      status: "published",
      publishAt: now,
    });
  });

  it("refuses a schedule in the past or now, and an invalid date", () => {
    for (const publishAt of [earlier, now, new Date("nope")]) {
      expect(applyTransition({ status: "draft", publishAt: null }, { action: "schedule", publishAt }, now).ok).toBe(false);
    }
  });

  it("refuses transitions the state does not offer", () => {
    expect(applyTransition({ status: "published", publishAt: earlier }, { action: "submit" }, now).ok).toBe(false);
    expect(applyTransition({ status: "published", publishAt: earlier }, { action: "publish" }, now).ok).toBe(false);
    expect(applyTransition({ status: "draft", publishAt: null }, { action: "unpublish" }, now).ok).toBe(false);
    expect(applyTransition({ status: "archived", publishAt: null }, { action: "archive" }, now).ok).toBe(false);
  });

  it("unpublishes and archives, clearing the time so nothing goes live later by surprise", () => {
    expect(applyTransition({ status: "published", publishAt: later }, { action: "unpublish" }, now)).toEqual({
      ok: true,
      status: "draft",
      publishAt: null,
    });
    expect(applyTransition({ status: "published", publishAt: earlier }, { action: "archive" }, now)).toEqual({
      ok: true,
      status: "archived",
      publishAt: null,
    });
  });

  it("offers each state its actions", () => {
    expect(availableTransitions("draft")).toEqual(["submit", "publish", "schedule", "archive"]);
    expect(availableTransitions("published")).toEqual(["unpublish", "archive"]);
    expect(availableTransitions("archived")).toEqual(["unpublish"]);
  });
});
