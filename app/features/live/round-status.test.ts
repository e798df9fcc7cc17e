import { describe, expect, it } from "vitest";
import { followsLive, roundLiveStatus, type SessionLiveSummary } from "./round-status";

const session = (
  id: string,
  name: string,
  startsAt: string,
  minutes: number,
  extra: Partial<SessionLiveSummary> = {},
): SessionLiveSummary => ({
  id,
  name,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
  staffState: null,
  staffStateAt: null,
  issues: [],
  ...extra,
});

describe("roundLiveStatus", () => {
  const quali = session("s1", "Qualifying", "2026-05-09T09:00:00Z", 20);
  const race = session("s2", "Race 1", "2026-05-09T13:00:00Z", 25);

  it("is null before anything starts, and follows the timetable when staff do nothing", () => {
    expect(roundLiveStatus([quali, race], new Date("2026-05-09T08:00:00Z"))).toBeNull();
    expect(roundLiveStatus([quali, race], new Date("2026-05-09T09:05:00Z"))?.text).toBe("Qualifying — running now");
    expect(roundLiveStatus([quali, race], new Date("2026-05-09T10:00:00Z"))?.text).toBe("Qualifying — finished, result to come");
    expect(roundLiveStatus([quali, race], new Date("2026-05-09T13:10:00Z"))?.text).toBe("Race 1 — running now");
  });

  it("prefers staff's word and the result's status", () => {
    const red = { ...race, staffState: "red_flag" as const, staffStateAt: "2026-05-09T13:05:00Z" };
    expect(roundLiveStatus([quali, red], new Date("2026-05-09T14:00:00Z"))?.text).toBe("Race 1 — red flag");
    const provisional = { ...quali, issues: [{ version: 1, status: "provisional" as const }] };
    expect(roundLiveStatus([provisional, race], new Date("2026-05-09T11:00:00Z"))).toMatchObject({
      phase: "provisional",
      text: "Qualifying — provisional result",
    });
    const reissued = {
      ...quali,
      issues: [
        { version: 1, status: "final" as const },
        { version: 2, status: "final" as const },
      ],
    };
    expect(roundLiveStatus([reissued, race], new Date("2026-05-09T11:00:00Z"))?.text).toBe("Qualifying — re-issued result");
  });
});

describe("followsLive", () => {
  const round = { startDate: "2025-11-01", endDate: "2025-11-02" };

  it("follows from the day before the weekend until two days after it", () => {
    expect(followsLive(round, new Date("2025-10-31T09:00:00Z"))).toBe(true);
    expect(followsLive(round, new Date("2025-11-01T14:00:00Z"))).toBe(true);
    expect(followsLive(round, new Date("2025-11-04T17:59:00Z"))).toBe(true);
  });

  it("does not follow a round weeks away or long over", () => {
    expect(followsLive(round, new Date("2025-10-31T08:59:00Z"))).toBe(false);
    expect(followsLive(round, new Date("2025-11-04T18:01:00Z"))).toBe(false);
    expect(followsLive(round, new Date("2026-11-30T12:00:00Z"))).toBe(false);
  });
});
