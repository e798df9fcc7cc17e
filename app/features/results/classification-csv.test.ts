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
      [header, "3,7,Oliver Hartley,F3A,,yes,", ",21,Sophie Marsh,F3B,DNF,no,", "14,44,Jack Pemberton,FF1600,CLASSIFIED,,2", ",12,,F3A,nc,,"].join("\n"),
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
    });
  });

  it("takes a byte-order mark, CRLF line ends, quoted fields and columns in any order", () => {
    const text = '\uFEFFdriver_number,class,position,status,driver_name\r\n7,F3A,1,,"Hartley, Oliver"\r\n"21",F3B,2,"",Sophie Marsh\r\n\r\n';
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
        "1,99,Nobody,F3A,,,",
        "2,7,Oliver Hartley,F3A,RETIRED,,",
        "4,21,Sophie Marsh,F3A,,,",
        ",44,Jack Pemberton,FF1600,,,",
        "5,12,Amelia Cross,F3A,DNF,maybe,-1",
      ].join("\n"),
    );
    expect(problems).toEqual([
      { line: 2, message: "Unknown driver number 99: none of our drivers races with it." },
      { line: 3, message: 'Unknown status "RETIRED": use CLASSIFIED (or leave it empty), DNF, DNS, DSQ or NC.' },
      { line: 4, message: "Sophie Marsh races in F3B, not F3A." },
      { line: 5, message: 'A classified finisher needs a position from 1 (got "").' },
      { line: 6, message: "Leave position empty for DNF." },
      { line: 6, message: 'fastest_lap must be yes or no (got "maybe").' },
      { line: 6, message: 'penalty_points must be a whole number of points (got "-1").' },
    ]);
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
    expect(problemsOf("position,driver_number,class,status,class\n1,7,F3A,,F3A")).toEqual([{ line: 1, message: "Column named twice: class." }]);
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
