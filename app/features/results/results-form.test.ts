import { describe, expect, it } from "vitest";
import { classResultsSchema, nestFormFields, roundSchema, toRaceResult } from "./results-form";
import { firstErrorPerField } from "~/lib/form-errors";

describe("nestFormFields", () => {
  it("nests dotted names into objects and arrays, ignoring names it does not know", () => {
    expect(
      nestFormFields([
        ["racingClass", "F3A"],
        ["entries.0.driverId", "a"],
        ["entries.0.races.1.status", "DNF"],
        ["entries.1.driverId", "b"],
        ["__proto__.polluted", "x"],
        ["bad name", "x"],
      ]),
    ).toEqual({ racingClass: "F3A", entries: [{ driverId: "a", races: [undefined, { status: "DNF" }] }, { driverId: "b" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

const entry = (driverId: string, races: Array<Record<string, string>>, extra: Record<string, string> = {}) => ({
  driverId,
  entered: "on",
  version: "",
  races,
  ...extra,
});

describe("classResultsSchema", () => {
  it("reads a class's results with statuses, fastest lap and penalty points", () => {
    const parsed = classResultsSchema.parse({
      racingClass: "F3A",
      provisional: "on",
      entries: [
        entry(
          "a",
          [
            { status: "CLASSIFIED", position: "1", fastestLap: "on" },
            { status: "DSQ", position: "" },
          ],
          { version: "3", pole: "on" },
        ),
        entry("b", [{ status: "CLASSIFIED", position: "2", penaltyPoints: "3" }, { status: "NC" }]),
        { driverId: "c", races: [{ status: "CLASSIFIED", position: "" }] },
      ],
    });
    expect(parsed.provisional).toBe(true);
    expect(parsed.entries.map((e) => [e.entered, e.version, e.pole])).toEqual([
      [true, 3, true],
      [true, null, false],
      [false, null, false],
    ]);
    expect(parsed.entries[0]!.races.map(toRaceResult)).toEqual([{ position: 1, fastestLap: true }, { position: "DSQ" }]);
    expect(parsed.entries[1]!.races.map(toRaceResult)).toEqual([{ position: 2, penaltyPoints: 3 }, { position: "NC" }]);
  });

  it("names each field to fix: a missing position, a position for a DNF, two drivers in one place, two fastest laps", () => {
    const parsed = classResultsSchema.safeParse({
      racingClass: "F3A",
      entries: [
        entry("a", [
          { status: "CLASSIFIED", position: "" },
          { status: "CLASSIFIED", position: "4", fastestLap: "on" },
        ]),
        entry("b", [
          { status: "DNF", position: "3" },
          { status: "CLASSIFIED", position: "4", fastestLap: "on" },
        ]),
        entry("c", [
          { status: "WON", position: "1" },
          { status: "CLASSIFIED", position: "x" },
        ]),
      ],
    });
    expect(parsed.success).toBe(false);
    expect(firstErrorPerField(parsed.error!, "dotted path")).toEqual({
      "entries.2.races.0.status": "Pick a status",
      "entries.2.races.1.position": "Enter a whole number",
    });
    // Once each field is of the right kind, the steward's checks run.
    const checked = classResultsSchema.safeParse({
      racingClass: "F3A",
      entries: [
        entry("a", [
          { status: "CLASSIFIED", position: "" },
          { status: "CLASSIFIED", position: "4", fastestLap: "on" },
        ]),
        entry("b", [
          { status: "DNF", position: "3" },
          { status: "CLASSIFIED", position: "4", fastestLap: "on" },
        ]),
      ],
    });
    expect(firstErrorPerField(checked.error!, "dotted path")).toEqual({
      "entries.0.races.0.position": "Enter the finishing position",
      "entries.1.races.0.position": "Leave the position empty for DNF",
      "entries.1.races.1.position": "P4 is given to two drivers",
      "entries.1.races.1.fastestLap": "Only one fastest lap per race",
    });
  });
});

describe("roundSchema", () => {
  const round = {
    roundNumber: "2",
    name: "Anglesey Coastal",
    circuit: "Anglesey Circuit (Coastal)",
    circuitSlug: "anglesey",
    location: "Ty Croes, Anglesey",
    organizer: "BARC",
    startDate: "2026-05-09",
    endDate: "2026-05-10",
    flagCode: "gb-wls",
    circuitUrl: "https://anglesey-circuit.example/",
    layoutImage: "/media/circuits/anglesey.svg",
    circuitLengthMiles: "1.55",
    circuitTurns: "10",
    raceLengthMinutes: "20",
    weather: "",
    trackTemperatureC: "",
    sessions: [{ name: "Race 1", date: "2026-05-10", time: "" }],
  };

  it("reads a round with a session whose time is not announced", () => {
    expect(roundSchema.parse(round)).toMatchObject({ roundNumber: 2, circuitLengthMiles: 1.55, weather: null, sessions: [{ time: null }] });
  });

  it("refuses a session outside the weekend, an end before the start, and a layout image that is not a media path", () => {
    const parsed = roundSchema.safeParse({
      ...round,
      endDate: "2026-05-08",
      layoutImage: "https://elsewhere.example/x.svg",
      sessions: [{ name: "Race 1", date: "2026-05-11", time: "25:00" }],
    });
    expect(Object.keys(firstErrorPerField(parsed.error!, "dotted path")).sort()).toEqual([
      "endDate",
      "layoutImage",
      "sessions.0.date",
      "sessions.0.time",
    ]);
    const dates = roundSchema.safeParse({ ...round, endDate: "2026-05-08", sessions: [{ name: "Race 1", date: "2026-05-11", time: "" }] });
    expect(firstErrorPerField(dates.error!, "dotted path")).toEqual({
      endDate: "The weekend cannot end before it starts",
      "sessions.0.date": "On a day of the race weekend",
    });
  });
});
