import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_MINUTES } from "~/lib/session-kind";
import { buildCalendarFeed, escapeText, foldLine, formatUtcDateTime, type FeedRound } from "./ics";

const anglesey: FeedRound = {
  id: "2025-r2-anglesey",
  seasonYear: 2025,
  roundNumber: 2,
  name: "Anglesey Coastal",
  circuit: "Anglesey Circuit (Coastal)",
  location: "Ty Croes, Anglesey",
  organizer: "BARC",
  startDate: "2025-05-10",
  endDate: "2025-05-11",
  raceLengthMinutes: 20,
  sessions: [
    { sortOrder: 0, name: "Practice", date: "2025-05-10", time: null },
    { sortOrder: 1, name: "Qualifying", date: "2025-05-10", time: "12:45" },
    { sortOrder: 2, name: "Race 1", date: "2025-05-10", time: "16:10" },
  ],
};

const finale: FeedRound = {
  id: "2025-r9-silverstone-national",
  seasonYear: 2025,
  roundNumber: 9,
  name: "Silverstone National",
  circuit: "Silverstone National Circuit",
  location: "Silverstone, Northamptonshire",
  organizer: "HSCC",
  startDate: "2025-11-02",
  endDate: "2025-11-02",
  raceLengthMinutes: 15,
  sessions: [],
};

const options = { calendarUrl: "https://ridgeway-racing.example/calendar", generatedAt: new Date("2025-03-01T10:20:30Z") };

/** The unfolded content lines of a feed. */
function contentLines(feed: string): string[] {
  return feed.replace(/\r\n /g, "").split("\r\n");
}

function events(feed: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of contentLines(feed)) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      found.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return found;
}

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("Ty Croes, Anglesey; Wales\\UK\nline two\r\nthree")).toBe("Ty Croes\\, Anglesey\\; Wales\\\\UK\\nline two\\nthree");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines at 75 octets, continuation lines starting with a space", () => {
    const folded = foldLine(`DESCRIPTION:${"a".repeat(200)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBe(3);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"a".repeat(200)}`);
  });

  it("counts octets, not characters, and never splits a multi-byte character", () => {
    const line = `SUMMARY:${"–".repeat(60)}`;
    const lines = foldLine(line).split("\r\n");
    for (const part of lines) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(lines[0]).toBe(`SUMMARY:${"–".repeat(22)}`);
    expect(lines.join("").replace(/ /g, "")).toBe(line);
  });
});

describe("buildCalendarFeed", () => {
  const feed = buildCalendarFeed([anglesey, finale], options);

  it("is a calendar with CRLF line endings and no line longer than 75 octets", () => {
    expect(feed.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of feed.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("has one event per round and per session with a time", () => {
    expect(events(feed).map((event) => event.UID)).toEqual([
      "2025-r2-anglesey@ridgeway-racing.example",
      "2025-r2-anglesey-1@ridgeway-racing.example",
      "2025-r2-anglesey-2@ridgeway-racing.example",
      "2025-r9-silverstone-national@ridgeway-racing.example",
    ]);
  });

  it("keeps UIDs the same whenever it is generated", () => {
    const later = buildCalendarFeed([anglesey, finale], { ...options, generatedAt: new Date("2025-06-01T00:00:00Z") });
    expect(events(later).map((event) => event.UID)).toEqual(events(feed).map((event) => event.UID));
    expect(events(later)[0]!.DTSTAMP).toBe("20250601T000000Z");
  });

  it("runs a round from 09:00 on its first day to 18:00 on its last, UK time (BST in May)", () => {
    const [round] = events(feed);
    expect(round!.DTSTART).toBe("20250510T080000Z");
    expect(round!.DTEND).toBe("20250511T170000Z");
    expect(round!.DTSTAMP).toBe("20250301T102030Z");
  });

  it("uses GMT once the clocks have gone back", () => {
    const round = events(feed)[3]!;
    expect(round.DTSTART).toBe("20251102T090000Z");
    expect(round.DTEND).toBe("20251102T180000Z");
  });

  it("times sessions in UK time: races last the race length, other sessions the default", () => {
    const [, qualifying, race] = events(feed);
    expect(qualifying!.DTSTART).toBe("20250510T114500Z");
    expect(qualifying!.DTEND).toBe(formatUtcDateTime(new Date(Date.UTC(2025, 4, 10, 11, 45 + DEFAULT_SESSION_MINUTES))));
    expect(race!.DTSTART).toBe("20250510T151000Z");
    expect(race!.DTEND).toBe("20250510T153000Z");
  });

  it("escapes text values and links every event to the calendar page", () => {
    const [round, qualifying] = events(feed);
    expect(round!.SUMMARY).toBe("Ridgeway Racing: Round 2\\, Anglesey Coastal");
    expect(round!.LOCATION).toBe("Anglesey Circuit (Coastal)\\, Ty Croes\\, Anglesey");
    expect(round!.DESCRIPTION).toContain("Sessions (UK time):\\nPractice: Saturday 10 May\\, TBA\\nQualifying");
    expect(qualifying!.SUMMARY).toBe("Ridgeway Racing: Anglesey Coastal\\, Qualifying");
    expect(new Set(events(feed).map((event) => event.URL))).toEqual(new Set([options.calendarUrl]));
  });

  it("says when a round's schedule is not announced", () => {
    expect(events(feed)[3]!.DESCRIPTION).toContain("Schedule to be announced.");
  });
});
