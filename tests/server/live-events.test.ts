import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { liveEvents } from "../../db/schema";
import { appendLiveEvent, lastLiveEventId, readLiveEvents } from "~/features/live/live-events.server";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();

describe("the live event log", () => {
  it("numbers events without gaps, in commit order, even when writers race and one rolls back", async () => {
    const [round] = await suite.db.query.rounds.findMany({ limit: 1 });
    if (!round) throw new Error("the seed has no round");
    const before = await lastLiveEventId(suite.db);
    const post = (n: number) =>
      suite.db.transaction(async (tx) => {
        await appendLiveEvent(tx, { roundId: round.id, kind: "ticker-removed", payload: { postId: n } });
        if (n === 3) throw new Error("rolled back");
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => post(index)));
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(1);

    const events = await readLiveEvents(suite.db, round.id, before, 100);
    expect(events.map((event) => event.id)).toEqual(Array.from({ length: 7 }, (_, index) => before + index + 1));
    expect(events.map((event) => (event.kind === "ticker-removed" ? event.payload.postId : -1)).sort()).toEqual([0, 1, 2, 4, 5, 6, 7]);
    expect(await lastLiveEventId(suite.db)).toBe(before + 7);
    expect(await readLiveEvents(suite.db, round.id, before + 5, 100)).toHaveLength(2);
    expect(await readLiveEvents(suite.db, "no-such-round", before, 100)).toEqual([]);
    await suite.db.delete(liveEvents).where(eq(liveEvents.roundId, round.id));
  });
});
