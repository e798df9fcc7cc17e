/**
 * A session's classification as the timing provider publishes it (TSL Timing's columns: pos, no,
 * cl, pic, driver, car, laps, time, gap, diff, mph, best, on lap), read from the text copied out
 * of its PDF or from its CSV export. The whole field is read, every row becomes a
 * `ClassifiedRow`, and our cars are matched by number (a name that does not match is a warning,
 * not a refusal). Anything that cannot be read is refused with its line; nothing is guessed.
 * Pure: no clock, no database.
 */
import { ukLocalTime } from "~/lib/race-time";
import type { ClassifiedRow, ClassifiedStatus } from "~/features/live/live-round";
import { splitCsvRecords, type CsvProblem, type KnownDriver } from "./classification-csv";

/** A 60-car sheet copied from a PDF is about 10 KB; a CSV export of it less. */
export const MAX_CLASSIFICATION_BYTES = 128 * 1024;
/** The result desk's form: the sheet (pasted, or uploaded, or both) with its other fields (server/body-limit.ts). */
export const MAX_SESSION_RESULT_FORM_BYTES = 2 * MAX_CLASSIFICATION_BYTES + 16 * 1024;
/** More than any grid in UK club racing (the largest are about 60 cars). */
export const MAX_CLASSIFIED_CARS = 120;

/** What the sheet's title lines say, when they say it. */
export interface SheetHeader {
  /** The title lines as printed (event, circuit, session...), for the preview. */
  lines: string[];
  /** YYYY-MM-DD, read from a date on the title lines. */
  date: string | null;
  /** The session's name as printed ("Race 1", "Qualifying"). */
  sessionName: string | null;
  /** The time of issue as printed (UK local HH:MM). */
  issuedTime: string | null;
  /** "provisional" or "final" when the title says so. */
  status: "provisional" | "final" | null;
}

export interface ReadRow extends ClassifiedRow {
  /** The row's line in what was pasted (1-based). */
  line: number;
}

export interface ClassificationWarning {
  line: number | null;
  message: string;
}

export type ClassificationRead =
  | { ok: true; format: "text" | "csv"; header: SheetHeader; rows: ReadRow[]; warnings: ClassificationWarning[] }
  | { ok: false; problems: CsvProblem[] };

const STATUS_WORDS: Record<string, Exclude<ClassifiedStatus, "CLASSIFIED">> = {
  DNF: "DNF",
  DQ: "DQ",
  DSQ: "DQ",
  NC: "NC",
  RET: "RET",
  DNS: "DNS",
};

/** The columns a header line may name, by the words TSL (and the other UK providers) print. */
type Column = "pos" | "no" | "cl" | "pic" | "driver" | "car" | "laps" | "time" | "gap" | "diff" | "speed" | "best" | "onLap";
const COLUMN_WORDS: Record<string, Column> = {
  pos: "pos",
  position: "pos",
  no: "no",
  "no.": "no",
  num: "no",
  number: "no",
  car_no: "no",
  cl: "cl",
  class: "cl",
  pic: "pic",
  name: "driver",
  driver: "driver",
  drivers: "driver",
  competitor: "driver",
  car: "car",
  vehicle: "car",
  entrant: "car",
  laps: "laps",
  time: "time",
  "total time": "time",
  gap: "gap",
  diff: "diff",
  mph: "speed",
  kph: "speed",
  "km/h": "speed",
  best: "best",
  "best lap": "best",
  "best tm": "best",
  on: "onLap",
  "on lap": "onLap",
  "best on": "onLap",
};

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

const LAP_TIME = /^(\d{1,2}:)?\d{1,2}:\d{2}(\.\d{1,4})?$|^\d{1,3}\.\d{3,4}$/;
const INTEGER = /^\d{1,4}$/;
const DECIMAL = /^\d{1,3}\.\d{1,3}$/;

const squeeze = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();

/** Reads a date printed on a title line: "2 November 2025", "Sunday 2nd Nov 2025", "02/11/2025", "2025-11-02". */
export function readSheetDate(text: string): string | null {
  const date = anySheetDate(text);
  // "31/02/2025" is no date: taken as none rather than as a wrong one.
  return date && validIso(date) ? date : null;
}

function validIso(date: string): boolean {
  const at = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === date;
}

function anySheetDate(text: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const pad = (n: number) => String(n).padStart(2, "0");
  const numeric = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/.exec(text);
  if (numeric) return `${numeric[3]}-${pad(Number(numeric[2]))}-${pad(Number(numeric[1]))}`;
  const words = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(text);
  if (words) {
    const month = MONTHS.findIndex((name) => name.startsWith(words[2]!.toLowerCase()) && words[2]!.length >= 3);
    if (month >= 0) return `${words[3]}-${pad(month + 1)}-${pad(Number(words[1]))}`;
  }
  return null;
}

function readIssuedTime(text: string): string | null {
  const match = /\b(?:issued(?:\s+at)?|time\s+of\s+issue|issue\s+time)\b\s*:?\s*(?:[^\d]{0,20}?)(\d{1,2})[:.](\d{2})\b/i.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${match[2]}`;
}

function readSessionName(text: string): string | null {
  const match = /\b(race\s*\d+|qualifying(?:\s*\d+)?|practice(?:\s*\d+)?|free\s+practice(?:\s*\d+)?|testing)\b/i.exec(text);
  return match ? squeeze(match[1]!).replace(/^(race)(\d)/i, "$1 $2") : null;
}

/** The header line's columns, or null when the line is not one. */
function readColumnHeader(cells: string[]): Column[] | null {
  const columns: Column[] = [];
  for (let index = 0; index < cells.length; index++) {
    const word = cells[index]!.toLowerCase().replace(/[:]$/, "");
    const pair = `${word} ${(cells[index + 1] ?? "").toLowerCase()}`;
    if (COLUMN_WORDS[pair]) {
      columns.push(COLUMN_WORDS[pair]);
      index += 1;
    } else if (COLUMN_WORDS[word]) columns.push(COLUMN_WORDS[word]);
    else if (word === "lap" && columns.at(-1) === "onLap") continue;
    else return null;
  }
  return columns.includes("pos") && columns.includes("no") ? columns : null;
}

/** A line's cells: split at tabs or runs of 2+ spaces when the copy kept them, else at every space. */
function cellsOf(line: string): { cells: string[]; aligned: boolean } {
  const trimmed = line.replace(/\u00a0/g, " ").trim();
  if (/\t| {2,}/.test(trimmed)) return { cells: trimmed.split(/\t+| {2,}/).map((cell) => squeeze(cell)), aligned: true };
  return { cells: trimmed.split(/\s+/), aligned: false };
}

interface Timing {
  laps: number | null;
  time: string;
  gap: string;
  bestLap: string;
}

/** Where the timing columns start at the end of a row of single-space tokens, and what they say. */
function readTiming(tokens: string[], classified: boolean): { start: number; timing: Timing } | null {
  // The timing run: the longest tail of tokens that are numbers, times or "Lap(s)".
  let start = tokens.length;
  const timingToken = (token: string) => INTEGER.test(token) || DECIMAL.test(token) || LAP_TIME.test(token) || /^laps?$/i.test(token);
  while (start > 0 && timingToken(tokens[start - 1]!)) start -= 1;
  const run = tokens.slice(start);
  // Laps: the first whole number of the run that a time follows (or that ends the row).
  let lapsAt = -1;
  for (let index = 0; index < run.length; index++) {
    if (!INTEGER.test(run[index]!)) continue;
    const next = run[index + 1];
    const lapsGapFollows = next !== undefined && INTEGER.test(next) && /^laps?$/i.test(run[index + 2] ?? "");
    if (next === undefined || /:/.test(next) || lapsGapFollows || (!classified && DECIMAL.test(next))) {
      lapsAt = index;
      break;
    }
  }
  if (lapsAt === -1) {
    if (classified) return null;
    return { start: tokens.length, timing: { laps: null, time: "", gap: "", bestLap: "" } };
  }
  const rest = run.slice(lapsAt + 1);
  const laps = Number(run[lapsAt]);
  // "1 Lap" / "2 Laps" are one gap.
  const items: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    if (INTEGER.test(rest[index]!) && /^laps?$/i.test(rest[index + 1] ?? "")) {
      items.push(`${rest[index]} ${rest[index + 1]}`);
      index += 1;
    } else items.push(rest[index]!);
  }
  const times = items.map((item, index) => ({ item, index })).filter(({ item }) => /:/.test(item));
  const bestAt = times.length >= (classified ? 2 : 1) ? times.at(-1)!.index : -1;
  const timeAt = classified && times.length >= 1 && times[0]!.index !== bestAt ? times[0]!.index : -1;
  const gaps = items.filter((item, index) => index > timeAt && (bestAt === -1 || index < bestAt) && index !== timeAt);
  // Between the time and the best lap: gap, diff, then the speed (a decimal); the gap is the first.
  const speedless = gaps.length && DECIMAL.test(gaps.at(-1)!) && !/lap/i.test(gaps.at(-1)!) ? gaps.slice(0, -1) : gaps;
  return {
    start: start + lapsAt,
    timing: {
      laps,
      time: timeAt >= 0 ? items[timeAt]! : "",
      gap: classified ? (speedless[0] ?? "") : (speedless.find((item) => /lap/i.test(item)) ?? ""),
      bestLap: bestAt >= 0 ? items[bestAt]! : "",
    },
  };
}

/** Car makers a name column is followed by: where a name ends when the copy lost the columns' spacing. */
const CAR_MAKERS = new Set(
  "dallara mygale van tatuus reynard ralt swift spectrum firman jamun medina citation lola chevron lotus royale elden hawke merlyn ginetta radical sylva ray duratec crosslé crossle baldwin juno westfield caterham mazda ford renault volkswagen vw toyota honda jedi".split(
    " ",
  ),
);

const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort()
    .join(" ");

/** Splits "Oliver Hartley Dallara F308" into driver and car. */
function splitDriverAndCar(tokens: string[], ours: KnownDriver | undefined, driverCell: string | null): { driver: string; car: string } {
  const split = (at: number) => ({ driver: tokens.slice(0, at).join(" "), car: tokens.slice(at).join(" ") });
  // Our driver's name, in either order ("Oliver Hartley", "HARTLEY Oliver").
  if (ours) {
    const length = ours.name.split(/\s+/).length;
    if (nameWords(tokens.slice(0, length).join(" ")) === nameWords(ours.name)) return split(length);
  }
  // The driver's cell, where the copy kept the columns apart.
  const kept = driverCell?.split(" ") ?? [];
  if (kept.length >= 2 && kept.length < tokens.length && kept.every((token, index) => tokens[index] === token)) return split(kept.length);
  const maker = tokens.findIndex((token, index) => index >= 2 && CAR_MAKERS.has(token.toLowerCase()));
  return split(maker >= 0 ? maker : Math.min(2, tokens.length));
}

interface RowCells {
  position: string;
  no: string;
  cl: string;
  pic: string;
  rest: string[];
}

function statusOf(positionCell: string, notClassifiedBlock: boolean): { status: ClassifiedStatus; position: number | null } | null {
  const word = positionCell.toUpperCase().replace(/\.$/, "");
  if (STATUS_WORDS[word]) return { status: STATUS_WORDS[word], position: null };
  if (/^\d{1,3}$/.test(word) && Number(word) >= 1) {
    return notClassifiedBlock ? { status: "NC", position: null } : { status: "CLASSIFIED", position: Number(word) };
  }
  if (word === "" && notClassifiedBlock) return { status: "NC", position: null };
  return null;
}

function toClassified(
  line: number,
  cells: RowCells,
  columns: Column[],
  drivers: ReadonlyMap<number, KnownDriver>,
  notClassifiedBlock: boolean,
  /** csv: the cells are the columns; else single-space tokens, with the driver's cell when the copy kept the columns apart. */
  mode: { csv: true } | { csv: false; driverCell: string | null },
): { row: ReadRow } | { problem: string } {
  const state = statusOf(cells.position, notClassifiedBlock);
  if (!state) return { problem: `"${cells.position}" is not a position or one of DNF, DQ, NC, RET, DNS.` };
  if (!/^\d{1,3}$/.test(cells.no)) return { problem: `"${cells.no}" is not a car number.` };
  const carNumber = Number(cells.no);
  const ours = drivers.get(carNumber);
  const classified = state.status === "CLASSIFIED";
  let driver: string;
  let car: string;
  let timing: Timing;
  if (mode.csv) {
    // Cells as the sheet's columns: the header says which is which.
    const named = new Map<Column, string>();
    const after = columns.slice(columns.indexOf("no") + 1).filter((column) => column !== "cl" && column !== "pic");
    after.forEach((column, index) => named.set(column, cells.rest[index] ?? ""));
    driver = named.get("driver") ?? "";
    car = named.get("car") ?? "";
    const lapsText = named.get("laps") ?? "";
    if (lapsText && !INTEGER.test(lapsText)) return { problem: `"${lapsText}" is not a number of laps.` };
    timing = {
      laps: lapsText ? Number(lapsText) : null,
      time: named.get("time") ?? "",
      gap: named.get("gap") ?? "",
      bestLap: named.get("best") ?? "",
    };
  } else {
    const read = readTiming(cells.rest, classified);
    if (!read) return { problem: "The laps and times at the end of the line cannot be read." };
    ({ timing } = read);
    ({ driver, car } = splitDriverAndCar(cells.rest.slice(0, read.start), ours, mode.driverCell));
  }
  if (!driver) return { problem: "The line names no driver." };
  if (classified && timing.laps === null) return { problem: "A classified car needs its laps." };
  const pic = cells.pic ? Number(cells.pic) : null;
  return {
    row: {
      line,
      position: state.position,
      status: state.status,
      carNumber,
      racingClass: cells.cl,
      positionInClass: classified && pic !== null && Number.isInteger(pic) && pic >= 1 ? pic : null,
      driverName: driver,
      car,
      laps: timing.laps,
      time: timing.time,
      gap: timing.gap,
      bestLap: timing.bestLap,
      driverId: ours?.id ?? null,
    },
  };
}

/** Reads the front of a line (pos, no, cl, pic) by the header's columns; the rest is left. */
function frontOf(cells: string[], columns: Column[], notClassifiedBlock: boolean): RowCells | null {
  const queue = [...cells];
  const first = queue[0] ?? "";
  const isStatus = STATUS_WORDS[first.toUpperCase().replace(/\.$/, "")] !== undefined;
  // In the not-classified block the position column may be empty: then the line starts with the car number.
  const positionPrinted = isStatus || !notClassifiedBlock || /^\d+$/.test(queue[1] ?? "");
  const position = positionPrinted ? (queue.shift() ?? "") : "";
  const no = queue.shift() ?? "";
  const cl = columns.includes("cl") && queue[0] !== undefined && !/^\d+$/.test(queue[0]) ? queue.shift()! : "";
  const pic = columns.includes("pic") && queue[0] !== undefined && /^\d{1,3}$/.test(queue[0]) ? queue.shift()! : "";
  if (!no) return null;
  return { position, no, cl, pic, rest: queue };
}

/** Lines that are neither title nor row: the sheet's footer and page furniture. */
const FOOTER =
  /^(page\s+\d|tsl|alpha\s+timing|mylaps|www\.|clerk|chief|timekeeper|results?\s+(are\s+)?subject|fastest\s+lap|lap\s+record|issued|time\s+of\s+issue|signed|penalt|notes?\b|\*|weather|track|printed|provisional|final|official)/i;

/**
 * Reads a classification as pasted: the text copied from the timing sheet's PDF (title lines,
 * the column header, the rows, a "Not classified" block, the footer with the time of issue), or
 * its CSV export (a header row naming the columns).
 */
export function readClassification(text: string, drivers: readonly KnownDriver[]): ClassificationRead {
  if (new TextEncoder().encode(text).length > MAX_CLASSIFICATION_BYTES) {
    return { ok: false, problems: [{ line: null, message: `The classification is larger than ${MAX_CLASSIFICATION_BYTES / 1024} KB.` }] };
  }
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (clean.trim() === "") return { ok: false, problems: [{ line: null, message: "Paste the classification or choose its file." }] };
  const byNumber = new Map(drivers.map((driver) => [driver.number, driver]));
  const lines = clean.split("\n");
  const firstLine = lines.find((line) => line.trim() !== "") ?? "";
  const csvHeader = firstLine.includes(",") ? readColumnHeader(firstLine.split(",").map((cell) => squeeze(cell))) : null;
  const read = csvHeader ? readCsv(clean, csvHeader, byNumber) : readText(lines, byNumber);
  if (!read.ok) return read;
  return checkField(read, drivers);
}

type PartRead = { ok: true; format: "text" | "csv"; header: SheetHeader; rows: ReadRow[] } | { ok: false; problems: CsvProblem[] };

function readCsv(text: string, columns: Column[], drivers: ReadonlyMap<number, KnownDriver>): PartRead {
  const { records, error } = splitCsvRecords(text);
  if (error) return { ok: false, problems: [{ line: null, message: error }] };
  const problems: CsvProblem[] = [];
  const rows: ReadRow[] = [];
  for (const record of records.slice(1)) {
    if (record.fields.length !== columns.length) {
      problems.push({ line: record.line, message: `Has ${record.fields.length} fields; the header has ${columns.length}.` });
      continue;
    }
    const cell = (column: Column) => squeeze(record.fields[columns.indexOf(column)] ?? "");
    const front: RowCells = { position: cell("pos"), no: cell("no"), cl: cell("cl"), pic: cell("pic"), rest: [] };
    const rest = columns.filter((column) => !["pos", "no", "cl", "pic"].includes(column));
    front.rest = rest.map((column) => cell(column));
    const out = toClassified(record.line, front, ["pos", "no", ...rest], drivers, false, { csv: true });
    if ("problem" in out) problems.push({ line: record.line, message: out.problem });
    else rows.push(out.row);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, format: "csv", header: { lines: [], date: null, sessionName: null, issuedTime: null, status: null }, rows };
}

function readText(lines: string[], drivers: ReadonlyMap<number, KnownDriver>): PartRead {
  const title: string[] = [];
  const footer: string[] = [];
  const rows: ReadRow[] = [];
  const problems: CsvProblem[] = [];
  let columns: Column[] | null = null;
  let notClassifiedBlock = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = squeeze(raw);
    if (!text) return;
    if (!columns) {
      const header = readColumnHeader(text.split(" "));
      if (header) columns = header;
      else title.push(text);
      return;
    }
    if (/^not\s+classified\b/i.test(text)) {
      notClassifiedBlock = true;
      return;
    }
    // A repeated column header (a second page) is skipped.
    if (readColumnHeader(text.split(" "))) return;
    const { cells, aligned } = cellsOf(raw);
    const first = (cells[0] ?? "").toUpperCase();
    const looksLikeRow = /^\d/.test(first) || STATUS_WORDS[first.replace(/\.$/, "")] !== undefined;
    if (!looksLikeRow) {
      if (FOOTER.test(text) || rows.length > 0 || /[a-z]{3}/i.test(text)) {
        footer.push(text);
        return;
      }
      problems.push({ line, message: `"${text.slice(0, 60)}" cannot be read as a row.` });
      return;
    }
    const front = frontOf(text.split(" "), columns, notClassifiedBlock);
    if (!front) {
      problems.push({ line, message: `"${text.slice(0, 60)}" cannot be read as a row.` });
      return;
    }
    // Where the copy kept the columns apart (tabs, runs of spaces), the driver's cell says where the name ends.
    const driverCell = aligned ? (frontOf(cells, columns, notClassifiedBlock)?.rest[0] ?? null) : null;
    const out = toClassified(line, front, columns, drivers, notClassifiedBlock, { csv: false, driverCell });
    if ("problem" in out) problems.push({ line, message: `${out.problem} ("${text.slice(0, 60)}")` });
    else rows.push(out.row);
  });
  if (!columns) {
    return {
      ok: false,
      problems: [{ line: null, message: "No column header line was found (it starts \u201cPos No\u201d): is this the classification?" }],
    };
  }
  if (problems.length) return { ok: false, problems };
  const all = [...title, ...footer].join("\n");
  const status = /\bfinal\b/i.test(title.join(" ")) ? "final" : /\bprovisional\b/i.test(all) ? "provisional" : null;
  return {
    ok: true,
    format: "text",
    header: {
      lines: title,
      date: readSheetDate(title.join(" ")) ?? readSheetDate(footer.join(" ")),
      sessionName: readSessionName(title.join(" ")),
      issuedTime: readIssuedTime(all),
      status,
    },
    rows,
  };
}

/** What no single row shows: an empty sheet, a car twice, a position twice, a field too large, none of ours. */
function checkField(read: Extract<PartRead, { ok: true }>, drivers: readonly KnownDriver[]): ClassificationRead {
  const problems: CsvProblem[] = [];
  const warnings: ClassificationWarning[] = [];
  if (read.rows.length === 0) return { ok: false, problems: [{ line: null, message: "The classification has no rows." }] };
  if (read.rows.length > MAX_CLASSIFIED_CARS) {
    return {
      ok: false,
      problems: [{ line: null, message: `The classification has ${read.rows.length} cars; at most ${MAX_CLASSIFIED_CARS}.` }],
    };
  }
  const seenCar = new Map<number, number>();
  const seenPosition = new Map<number, number>();
  for (const row of read.rows) {
    const earlier = seenCar.get(row.carNumber);
    if (earlier !== undefined) problems.push({ line: row.line, message: `Car ${row.carNumber} is already on line ${earlier}.` });
    else seenCar.set(row.carNumber, row.line);
    if (row.position !== null) {
      const other = seenPosition.get(row.position);
      if (other !== undefined) problems.push({ line: row.line, message: `Position ${row.position} is already taken on line ${other}.` });
      else seenPosition.set(row.position, row.line);
    }
    const ours = drivers.find((driver) => driver.id === row.driverId);
    if (ours) {
      if (nameWords(row.driverName) !== nameWords(ours.name)) {
        warnings.push({ line: row.line, message: `Car ${ours.number} is ours (${ours.name}), but the sheet names ${row.driverName}.` });
      }
      if (row.racingClass && row.racingClass.toUpperCase() !== ours.racingClass.toUpperCase()) {
        warnings.push({ line: row.line, message: `${ours.name} races in ${ours.racingClass}; the sheet says ${row.racingClass}.` });
      }
    }
  }
  const classified = [...seenPosition.keys()].sort((a, b) => a - b);
  if (classified.some((position, index) => position !== index + 1)) {
    problems.push({ line: null, message: `The positions are not 1 to ${classified.length} without gaps: a row is missing or garbled.` });
  }
  if (!problems.length && !read.rows.some((row) => row.driverId)) {
    problems.push({ line: null, message: "None of the cars is one of ours: check that it is the right session." });
  }
  if (problems.length) return { ok: false, problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
  const rows = [...read.rows].sort(
    (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.line - b.line,
  );
  return { ok: true, format: read.format, header: read.header, rows, warnings };
}

/** The instant of issue: the sheet's time on the sheet's date (else the session's), in UK time. */
export function issuedInstant(header: SheetHeader, sessionDate: string): Date | null {
  if (!header.issuedTime) return null;
  return ukLocalTime(header.date ?? sessionDate, header.issuedTime);
}

/** A row's place in its class: "pic" when printed, else its overall position (a one-class race). */
export function classPositionOf(row: ClassifiedRow): number | null {
  return row.status === "CLASSIFIED" ? (row.positionInClass ?? row.position) : null;
}

/** The fastest best lap of each class, as the sheet prints best laps (classes by their "cl", "" when none). */
export function fastestCarByClass(rows: readonly ClassifiedRow[]): Map<string, number> {
  const fastest = new Map<string, { car: number; ms: number }>();
  for (const row of rows) {
    const ms = lapMs(row.bestLap);
    if (ms === null) continue;
    const current = fastest.get(row.racingClass);
    if (!current || ms < current.ms) fastest.set(row.racingClass, { car: row.carNumber, ms });
  }
  return new Map([...fastest].map(([racingClass, { car }]) => [racingClass, car]));
}

function lapMs(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(?:(\d{1,2}):)?(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match || !/[:.]/.test(text)) return null;
  const parts = [match[1], match[2]].filter((part) => part !== undefined).map(Number);
  const seconds = Number(match[3]) + Number(`0.${match[4] ?? "0"}`);
  const minutes = parts.length === 2 ? parts[0]! * 60 + parts[1]! : (parts[0] ?? 0);
  return Math.round((minutes * 60 + seconds) * 1000);
}
