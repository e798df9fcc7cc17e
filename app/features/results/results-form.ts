/**
 * The results form of one race weekend and class, and the round and season
 * forms of the desk: Zod schemas over the submitted fields, with the checks a
 * steward would make (one driver per position, one fastest lap per race).
 */
import { z } from "~/lib/zod";
import { UNCLASSIFIED_STATUSES, type RaceResult } from "~/lib/scoring";

export const CLASSIFIED = "CLASSIFIED";
export const RACE_STATUSES = [CLASSIFIED, ...UNCLASSIFIED_STATUSES] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

export const STATUS_LABELS: Record<RaceStatus, string> = {
  CLASSIFIED: "Finished (position)",
  DNF: "DNF – did not finish",
  DNS: "DNS – did not start",
  DSQ: "DSQ – disqualified",
  NC: "NC – not classified",
};

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");
const optionalWholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, "Enter a whole number")
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .refine((value) => value === null || value <= max, `At most ${max}`);

const raceInput = z.object({
  status: z.enum(RACE_STATUSES, { error: "Pick a status" }),
  position: optionalWholeNumber(999),
  fastestLap: checkbox,
  penaltyPoints: optionalWholeNumber(100),
});

const entryInput = z.object({
  driverId: z.string().min(1).max(100),
  entered: checkbox,
  /** The stored row's version the form was opened on; empty when there was none. */
  version: optionalWholeNumber(1_000_000),
  pole: checkbox,
  driverOfDay: checkbox,
  races: z.array(raceInput).min(1).max(6),
});

export const classResultsSchema = z
  .object({
    racingClass: z.string().min(1).max(20),
    provisional: checkbox,
    entries: z.array(entryInput).min(1).max(40),
  })
  .superRefine((input, issue) => {
    input.entries.forEach((entry, entryIndex) => {
      if (!entry.entered) return;
      entry.races.forEach((race, raceIndex) => {
        const path = ["entries", entryIndex, "races", raceIndex];
        if (race.status === CLASSIFIED && (race.position === null || race.position < 1)) {
          issue.addIssue({ code: "custom", path: [...path, "position"], message: "Enter the finishing position" });
        }
        if (race.status !== CLASSIFIED && race.position !== null) {
          issue.addIssue({ code: "custom", path: [...path, "position"], message: `Leave the position empty for ${race.status}` });
        }
      });
    });
    const raceCount = Math.max(...input.entries.map((entry) => entry.races.length));
    for (let raceIndex = 0; raceIndex < raceCount; raceIndex += 1) {
      const positions = new Map<number, number>();
      let fastestLapBy: number | null = null;
      input.entries.forEach((entry, entryIndex) => {
        const race = entry.races[raceIndex];
        if (!entry.entered || !race) return;
        const path = ["entries", entryIndex, "races", raceIndex];
        if (race.status === CLASSIFIED && race.position !== null) {
          if (positions.has(race.position)) {
            issue.addIssue({ code: "custom", path: [...path, "position"], message: `P${race.position} is given to two drivers` });
          }
          positions.set(race.position, entryIndex);
        }
        if (race.fastestLap) {
          if (fastestLapBy !== null)
            issue.addIssue({ code: "custom", path: [...path, "fastestLap"], message: "Only one fastest lap per race" });
          fastestLapBy = entryIndex;
        }
      });
    }
  });
export type ClassResultsInput = z.infer<typeof classResultsSchema>;

/** The stored form of a race from the form's fields. */
export function toRaceResult(race: ClassResultsInput["entries"][number]["races"][number]): RaceResult {
  const result: RaceResult = { position: race.status === CLASSIFIED ? race.position! : race.status };
  if (race.fastestLap) result.fastestLap = true;
  if (race.penaltyPoints) result.penaltyPoints = race.penaltyPoints;
  return result;
}

/**
 * Turns the results form's flat fields (`entries.0.races.1.status`) into the
 * nested object the schema reads. Unknown or malformed names are ignored.
 */
export function nestFormFields(formData: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of formData) {
    if (typeof value !== "string" || !/^[A-Za-z]+(\.(\d{1,2}|[A-Za-z]+))*$/.test(name)) continue;
    const keys = name.split(".");
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[index + 1]!);
      const slot = /^\d+$/.test(key) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

const isoDate = z.iso.date({ error: "Enter a date" });
const localTime = z
  .string()
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, "Enter a time as HH:MM, or leave it empty while not announced")
  .transform((value) => value || null);

export const sessionInput = z.object({
  name: z.string().trim().min(1, "Name the session").max(60),
  date: isoDate,
  time: localTime,
});

export const roundSchema = z
  .object({
    roundNumber: z.coerce.number({ error: "Enter the round number" }).int().min(1).max(50),
    name: z.string().trim().min(1, "Enter the round's name").max(120),
    circuit: z.string().trim().min(1, "Enter the circuit").max(120),
    circuitSlug: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,60}$/, "Lower-case letters, digits and hyphens"),
    location: z.string().trim().min(1, "Enter the location").max(120),
    organizer: z.string().trim().min(1, "Enter the organising club").max(60),
    startDate: isoDate,
    endDate: isoDate,
    flagCode: z
      .string()
      .trim()
      .regex(/^[a-z]{2}(-[a-z]{2,4})?$/, "A flag code such as gb-eng"),
    circuitUrl: z.url({ protocol: /^https?$/, error: "Enter the circuit's web address (https://…)" }).max(300),
    layoutImage: z
      .string()
      .trim()
      .regex(/^\/media\/[\w/.-]+\.(svg|webp|png|jpg|avif)$/, "A /media/ path to the layout image"),
    circuitLengthMiles: z.coerce.number({ error: "Enter the length in miles" }).positive("Enter the length in miles").max(20),
    circuitTurns: z.coerce.number({ error: "Enter the number of turns" }).int().min(1).max(60),
    raceLengthMinutes: z.coerce.number({ error: "Enter the race length in minutes" }).int().min(1).max(600),
    weather: z
      .string()
      .trim()
      .max(60)
      .transform((value) => value || null),
    trackTemperatureC: optionalWholeNumber(80),
    sessions: z.array(sessionInput).max(12).default([]),
  })
  .superRefine((round, issue) => {
    if (round.endDate < round.startDate)
      issue.addIssue({ code: "custom", path: ["endDate"], message: "The weekend cannot end before it starts" });
    round.sessions.forEach((session, index) => {
      if (session.date < round.startDate || session.date > round.endDate) {
        issue.addIssue({ code: "custom", path: ["sessions", index, "date"], message: "On a day of the race weekend" });
      }
    });
  });
export type RoundInput = z.infer<typeof roundSchema>;

export const newSeasonSchema = z.object({
  year: z.coerce.number({ error: "Enter a year" }).int("Enter a year").min(2000, "From 2000").max(2100, "Up to 2100"),
});
