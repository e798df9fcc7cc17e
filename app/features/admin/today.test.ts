import { describe, expect, it } from "vitest";
import { nextSession, todayBlocksFor } from "./today";

describe("the Today page", () => {
  it("shows each block only to the roles that act on it", () => {
    expect(todayBlocksFor(["shop"])).toEqual(["ordersToPack", "lowStock", "unreadMessages"]);
    expect(todayBlocksFor(["editor"])).toEqual(["resultsOverdue", "resultsNotPushed", "draftsInReview", "nextSession"]);
    expect(todayBlocksFor(["admin"])).toEqual([
      "operations",
      "resultsOverdue",
      "resultsNotPushed",
      "ordersToPack",
      "lowStock",
      "unreadMessages",
      "draftsInReview",
      "nextSession",
    ]);
  });

  it("finds the next session that has not started, in UK time", () => {
    const sessions = [
      { roundName: "R1", circuit: "Thruxton", name: "Race 1", date: "2026-06-06", time: "14:30" },
      { roundName: "R1", circuit: "Thruxton", name: "Qualifying", date: "2026-06-06", time: "09:15" },
      { roundName: "R2", circuit: "Snetterton", name: "Practice", date: "2026-07-01", time: null },
    ];
    const next = nextSession(sessions, new Date("2026-06-06T08:30:00Z"));
    expect(next).toMatchObject({ name: "Race 1", timeAnnounced: true });
    // 14:30 BST is 13:30 UTC; Qualifying (08:15 UTC) has started.
    expect(next!.startsAt.toISOString()).toBe("2026-06-06T13:30:00.000Z");
    expect(nextSession(sessions, new Date("2026-06-06T14:00:00Z"))).toMatchObject({ name: "Practice", timeAnnounced: false });
    expect(nextSession(sessions, new Date("2026-08-01T00:00:00Z"))).toBeNull();
  });
});
