import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_CSV_BYTES, MAX_CSV_ROWS, parseClassificationCsv, splitCsvRecords, type KnownDriver } from "./classification-csv";

const drivers: KnownDriver[] = [
  { id: "oliver-hartley", number: 7, name: "Oliver Hartley", racingClass: "F3A" },
  { id: "sophie-marsh", number: 21, name: "Sophie Marsh", racingClass: "F3B" },
  { id: "jack-pemberton", number: 44, name: "Jack Pemberton", racingClass: "FF1600" },
  { id: "amelia-cross", number: 12, name: "Amelia Cross", racingClass: "F3A" },
];
const header = "position,driver_number,driver_name,class,status,fastest_lap,penalty_points";

function problemsOf(text: string) {
  const parsed = parseClassificationCsv(text, drivers);
  if (parsed.ok) throw new Error("expected problems");
  return parsed.problems;
}

describe("parseClassificationCsv", () => {
  it("reads classified finishers, non-finishers, fastest lap and penalty points", () => {
    const parsed = parseClassificationCsv(
      [
        header,
        "3,7,Oliver Hartley,F3A,,yes,",
        ",21,Sophie Marsh,F3B,DNF,no,",
        "14,44,Jack Pemberton,FF1600,CLASSIFIED,,2",
        ",12,,F3A,nc,,",
      ].join("\n"),
      drivers,
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, driver: drivers[0], result: { position: 3, fastestLap: true } },
        { line: 3, driver: drivers[1], result: { position: "DNF" } },
        { line: 4, driver: drivers[2], result: { position: 14, penaltyPoints: 2 } },
        { line: 5, driver: drivers[3], result: { position: "NC" } },
      ],
      ignored: [],
    });
  });

  it("takes a byte-order mark, CRLF line ends, quoted fields and columns in any order", () => {
    const text =
      '\uFEFFdriver_number,class,position,status,driver_name\r\n7,F3A,1,,"Hartley, Oliver"\r\n"21",F3B,2,"",Sophie Marsh\r\n\r\n';
    const parsed = parseClassificationCsv(text.replace('"Hartley, Oliver"', '"Oliver Hartley"'), drivers);
    expect(parsed.ok && parsed.rows.map((row) => [row.driver.id, row.result.position])).toEqual([
      ["oliver-hartley", 1],
      ["sophie-marsh", 2],
    ]);
    // The comma inside quotes stays in the field (and here names the wrong person).
    expect(problemsOf(text)).toEqual([{ line: 2, message: "Number 7 is Oliver Hartley, not Hartley, Oliver." }]);
  });

  it("names every bad row with its line and what is wrong", () => {
    const problems = problemsOf(
      [
        header,
        "1,70,Oliver Hartley,F3A,,,",
        "2,7,Oliver Hartley,F3A,RETIRED,,",
        "4,21,Sophie Marsh,F3A,,,",
        ",44,Jack Pemberton,FF1600,,,",
        "5,12,Amelia Cross,F3A,DNF,maybe,-1",
      ].join("\n"),
    );
    expect(problems).toEqual([
      { line: 2, message: "Oliver Hartley races with number 7, not 70." },
      { line: 3, message: 'Unknown status "RETIRED": use CLASSIFIED (or leave it empty), DNF, DNS, DSQ or NC.' },
      { line: 4, message: "Sophie Marsh races in F3B, not F3A." },
      { line: 5, message: 'A classified finisher needs a position from 1 (got "").' },
      { line: 6, message: "Leave position empty for DNF." },
      { line: 6, message: 'fastest_lap must be yes or no (got "maybe").' },
      { line: 6, message: 'penalty_points must be a whole number of points (got "-1").' },
    ]);
  });

  it("takes the organiser's full classification: other teams' cars are listed as ignored, ours are read", () => {
    const parsed = parseClassificationCsv(
      [
        header,
        "1,3,Noah Brennan,F3A,,yes,",
        "2,7,Oliver Hartley,F3A,,,",
        ",16,,F3B,RET,,",
        "5,21,Sophie Marsh,F3B,,,",
        "9,61,Tom Ashdown,,,,",
      ].join("\n"),
      drivers,
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 3, driver: drivers[0], result: { position: 2 } },
        { line: 5, driver: drivers[1], result: { position: 5 } },
      ],
      ignored: [
        { line: 2, number: 3, name: "Noah Brennan", racingClass: "F3A" },
        { line: 4, number: 16, name: "", racingClass: "F3B" },
        { line: 6, number: 61, name: "Tom Ashdown", racingClass: "" },
      ],
    });
  });

  it("refuses a file with none of our cars, and a driver number that is empty or not a number", () => {
    expect(problemsOf([header, "1,3,Noah Brennan,F3A,,,", "2,16,,F3A,,,"].join("\n"))).toEqual([
      { line: null, message: "None of the cars in the file is one of ours: check that it is the right race." },
    ]);
    expect(problemsOf([header, "1,,Someone,F3A,,,", "2,7A,,F3A,,,"].join("\n"))).toEqual([
      { line: 2, message: "driver_number is empty." },
      { line: 3, message: 'driver_number must be a car number (got "7A").' },
    ]);
  });

  it("reads the example in docs/results-csv.md as written, against the seeded drivers", () => {
    const doc = readFileSync(new URL("../../../docs/results-csv.md", import.meta.url), "utf8");
    const example = /```csv\n([\s\S]*?)```/.exec(doc)![1]!;
    const seeded = (
      JSON.parse(readFileSync(new URL("../../../content/drivers.json", import.meta.url), "utf8")) as Array<Record<string, unknown>>
    ).map((driver) => ({
      id: String(driver.id),
      number: Number(driver.number),
      name: String(driver.name),
      racingClass: String(driver.class),
    }));
    const parsed = parseClassificationCsv(example, seeded);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    expect(parsed.ok && parsed.rows.map((row) => row.driver.id)).toEqual(["oliver-hartley", "sophie-marsh", "jack-pemberton"]);
    expect(parsed.ok && parsed.ignored.map((row) => row.number)).toEqual([3, 19, 16, 61]);
  });

  it("refuses two drivers in one place, a driver twice and two fastest laps in a class", () => {
    expect(problemsOf([header, "1,7,,F3A,,yes,", "1,12,,F3A,,yes,", "2,7,,F3A,,,"].join("\n"))).toEqual([
      { line: 3, message: "Position 1 in F3A is already taken on line 2." },
      { line: 3, message: "The fastest lap in F3A is already given on line 2." },
      { line: 4, message: "Oliver Hartley is already on line 2." },
    ]);
  });

  it("lets two classes share a position", () => {
    expect(parseClassificationCsv([header, "1,7,,F3A,,,", "1,21,,F3B,,,"].join("\n"), drivers).ok).toBe(true);
  });

  it("refuses missing, unknown and repeated columns, and rows of the wrong width", () => {
    expect(problemsOf("position,driver_number,class\n1,7,F3A")).toEqual([{ line: 1, message: "Missing column: status." }]);
    expect(problemsOf("position,driver_number,class,status,laps\n1,7,F3A,,20")).toEqual([{ line: 1, message: 'Unknown column: "laps".' }]);
    expect(problemsOf("position,driver_number,class,status,class\n1,7,F3A,,F3A")).toEqual([
      { line: 1, message: "Column named twice: class." },
    ]);
    expect(problemsOf(`${header}\n1,7,Oliver Hartley,F3A`)).toEqual([{ line: 2, message: "Has 4 fields; the header has 7." }]);
  });

  it("refuses an empty file, a header alone, an unclosed quote, too many rows and too many bytes", () => {
    expect(problemsOf("")).toEqual([{ line: null, message: "The file is empty." }]);
    expect(problemsOf(`${header}\n`)).toEqual([{ line: null, message: "The file has a header but no rows." }]);
    expect(problemsOf(`${header}\n1,7,"Oliver,F3A,,,`)[0]!.message).toBe("A quoted field that starts on line 2 is never closed.");
    const many = [header, ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `${i + 1},7,,F3A,,,`)].join("\n");
    expect(problemsOf(many)[0]!.message).toBe(`The file has ${MAX_CSV_ROWS + 1} rows; at most ${MAX_CSV_ROWS} are read.`);
    expect(problemsOf(`${header}\n${"x".repeat(MAX_CSV_BYTES)}`)[0]!.message).toBe("The file is larger than 64 KB.");
  });
});

describe("splitCsvRecords", () => {
  it("keeps doubled quotes and line breaks inside quotes, and the line each record starts on", () => {
    expect(splitCsvRecords('a,"say ""hi"""\n"two\nlines",b\nc,d')).toEqual({
      records: [
        { line: 1, fields: ["a", 'say "hi"'] },
        { line: 2, fields: ["two\nlines", "b"] },
        { line: 4, fields: ["c", "d"] },
      ],
      error: null,
    });
  });
});
