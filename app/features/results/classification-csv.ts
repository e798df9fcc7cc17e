/**
 * The CSV of one race's classification, as docs/results-csv.md lays it out:
 * parsed and checked row by row, without touching the database, so a file
 * with any bad row can be refused whole with every problem named. The file may
 * be the organiser's full classification: rows for other teams' cars are
 * listed as ignored, not refused.
 */
import { UNCLASSIFIED_STATUSES, type RaceResult, type UnclassifiedStatus } from "~/lib/scoring";

/** Bigger than any real classification of our drivers, small enough to read in one go. */
export const MAX_CSV_BYTES = 64 * 1024;
/** The results page's form: a CSV of MAX_CSV_BYTES with the form's other fields (server/body-limit.ts). */
export const MAX_RESULTS_FORM_BYTES = MAX_CSV_BYTES + 16 * 1024;
export const MAX_CSV_ROWS = 200;

export const CSV_COLUMNS = ["position", "driver_number", "driver_name", "class", "status", "fastest_lap", "penalty_points"] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly CsvColumn[] = ["position", "driver_number", "class", "status"];

/** One of our drivers, as the file names them. */
export interface KnownDriver {
  id: string;
  number: number;
  name: string;
  racingClass: string;
}

export interface ClassificationRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  driver: KnownDriver;
  result: RaceResult;
}

export interface CsvProblem {
  /** null for a problem with the whole file. */
  line: number | null;
  message: string;
}

/** A row for a car that is not one of ours (another team's, in the organiser's full classification). */
export interface IgnoredRow {
  line: number;
  number: number;
  /** As the file gives them; empty when it does not. */
  name: string;
  racingClass: string;
}

export type ClassificationParse = { ok: true; rows: ClassificationRow[]; ignored: IgnoredRow[] } | { ok: false; problems: CsvProblem[] };

/**
 * Splits CSV text into records (RFC 4180: quoted fields may hold commas, quotes
 * doubled, and line breaks; CRLF or LF). Each record keeps the line it starts on.
 */
export function splitCsvRecords(text: string): { records: Array<{ line: number; fields: string[] }>; error: string | null } {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line (one empty field) is not a record.
    if (!(fields.length === 1 && fields[0]!.trim() === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === "\n") line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      index += 1;
      continue;
    } else if (char === "\n" || char === "\r") {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) return { records, error: `A quoted field that starts on line ${recordLine} is never closed.` };
  endRecord();
  return { records, error: null };
}

const TRUE_WORDS = new Set(["yes", "y", "true", "1", "x"]);
const FALSE_WORDS = new Set(["no", "n", "false", "0", ""]);
const CLASSIFIED_WORDS = new Set(["", "classified", "fin", "finished"]);

/**
 * Parses one race's classification for our drivers. `drivers` are the drivers
 * the file may name (by number). Returns every row, or every problem found.
 */
export function parseClassificationCsv(text: string, drivers: readonly KnownDriver[]): ClassificationParse {
  if (new TextEncoder().encode(text).length > MAX_CSV_BYTES) {
    return { ok: false, problems: [{ line: null, message: `The file is larger than ${MAX_CSV_BYTES / 1024} KB.` }] };
  }
  const { records, error } = splitCsvRecords(text.replace(/^\uFEFF/, ""));
  if (error) return { ok: false, problems: [{ line: null, message: error }] };
  const [header, ...body] = records;
  if (!header) return { ok: false, problems: [{ line: null, message: "The file is empty." }] };

  const names = header.fields.map((name) => name.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) problems.push({ line: 1, message: `Unknown column: ${unknown.map((name) => `"${name}"`).join(", ")}.` });
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) problems.push({ line: 1, message: `Missing column: ${missing.join(", ")}.` });
  const duplicated = names.filter((name, index) => names.indexOf(name) !== index);
  if (duplicated.length) problems.push({ line: 1, message: `Column named twice: ${[...new Set(duplicated)].join(", ")}.` });
  if (problems.length) return { ok: false, problems };
  if (body.length === 0) return { ok: false, problems: [{ line: null, message: "The file has a header but no rows." }] };
  if (body.length > MAX_CSV_ROWS) {
    return { ok: false, problems: [{ line: null, message: `The file has ${body.length} rows; at most ${MAX_CSV_ROWS} are read.` }] };
  }

  const byNumber = new Map(drivers.map((driver) => [driver.number, driver]));
  const byName = new Map(drivers.map((driver) => [driver.name.toLowerCase(), driver]));
  const rows: ClassificationRow[] = [];
  const ignored: IgnoredRow[] = [];
  for (const record of body) {
    if (record.fields.length !== names.length) {
      problems.push({ line: record.line, message: `Has ${record.fields.length} fields; the header has ${names.length}.` });
      continue;
    }
    const cell = (column: CsvColumn) => {
      const at = names.indexOf(column);
      return at === -1 ? "" : record.fields[at]!.trim();
    };
    const rowProblems: string[] = [];

    const numberText = cell("driver_number");
    const name = cell("driver_name");
    if (!numberText) {
      problems.push({ line: record.line, message: "driver_number is empty." });
      continue;
    }
    if (!/^\d{1,4}$/.test(numberText)) {
      problems.push({ line: record.line, message: `driver_number must be a car number (got "${numberText}").` });
      continue;
    }
    const driver = byNumber.get(Number(numberText));
    if (!driver) {
      // Another team's car, unless the name is one of ours: then the number is a typo, which must not pass unseen.
      const ours = name ? byName.get(name.toLowerCase()) : undefined;
      if (ours) problems.push({ line: record.line, message: `${ours.name} races with number ${ours.number}, not ${numberText}.` });
      else ignored.push({ line: record.line, number: Number(numberText), name, racingClass: cell("class") });
      continue;
    }

    if (name && name.toLowerCase() !== driver.name.toLowerCase()) {
      rowProblems.push(`Number ${driver.number} is ${driver.name}, not ${name}.`);
    }
    const racingClass = cell("class");
    if (!racingClass) rowProblems.push("class is empty.");
    else if (racingClass.toUpperCase() !== driver.racingClass.toUpperCase()) {
      rowProblems.push(`${driver.name} races in ${driver.racingClass}, not ${racingClass}.`);
    }

    const status = cell("status").toUpperCase();
    const positionText = cell("position");
    let position: RaceResult["position"] | null = null;
    if (CLASSIFIED_WORDS.has(status.toLowerCase())) {
      if (!/^\d{1,3}$/.test(positionText) || Number(positionText) < 1) {
        rowProblems.push(`A classified finisher needs a position from 1 (got "${positionText}").`);
      } else position = Number(positionText);
    } else if ((UNCLASSIFIED_STATUSES as readonly string[]).includes(status)) {
      if (positionText) rowProblems.push(`Leave position empty for ${status}.`);
      else position = status as UnclassifiedStatus;
    } else {
      rowProblems.push(`Unknown status "${cell("status")}": use CLASSIFIED (or leave it empty), DNF, DNS, DSQ or NC.`);
    }

    const fastestLapText = cell("fastest_lap").toLowerCase();
    const fastestLap = TRUE_WORDS.has(fastestLapText);
    if (!fastestLap && !FALSE_WORDS.has(fastestLapText)) rowProblems.push(`fastest_lap must be yes or no (got "${cell("fastest_lap")}").`);

    const penaltyText = cell("penalty_points");
    const penaltyPoints = penaltyText === "" ? 0 : Number(penaltyText);
    if (!/^\d{0,3}$/.test(penaltyText)) rowProblems.push(`penalty_points must be a whole number of points (got "${penaltyText}").`);

    if (rowProblems.length) {
      problems.push(...rowProblems.map((message) => ({ line: record.line, message })));
      continue;
    }
    const result: RaceResult = { position: position! };
    if (fastestLap) result.fastestLap = true;
    if (penaltyPoints > 0) result.penaltyPoints = penaltyPoints;
    rows.push({ line: record.line, driver, result });
  }

  problems.push(...crossRowProblems(rows));
  if (problems.length === 0 && rows.length === 0) {
    problems.push({ line: null, message: "None of the cars in the file is one of ours: check that it is the right race." });
  }
  return problems.length ? { ok: false, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) } : { ok: true, rows, ignored };
}

/** What no single row shows: a driver twice, two drivers in one place, two fastest laps in a class. */
function crossRowProblems(rows: readonly ClassificationRow[]): CsvProblem[] {
  const problems: CsvProblem[] = [];
  const seenDriver = new Map<string, number>();
  const seenPosition = new Map<string, number>();
  const seenFastestLap = new Map<string, number>();
  for (const row of rows) {
    const earlier = seenDriver.get(row.driver.id);
    if (earlier !== undefined) problems.push({ line: row.line, message: `${row.driver.name} is already on line ${earlier}.` });
    else seenDriver.set(row.driver.id, row.line);

    if (typeof row.result.position === "number") {
      const key = `${row.driver.racingClass}:${row.result.position}`;
      const other = seenPosition.get(key);
      if (other !== undefined) {
        problems.push({
          line: row.line,
          message: `Position ${row.result.position} in ${row.driver.racingClass} is already taken on line ${other}.`,
        });
      } else seenPosition.set(key, row.line);
    }
    if (row.result.fastestLap) {
      const other = seenFastestLap.get(row.driver.racingClass);
      if (other !== undefined) {
        problems.push({ line: row.line, message: `The fastest lap in ${row.driver.racingClass} is already given on line ${other}.` });
      } else seenFastestLap.set(row.driver.racingClass, row.line);
    }
  }
  return problems;
}
