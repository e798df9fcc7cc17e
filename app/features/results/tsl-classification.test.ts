import { describe, expect, it } from "vitest";
import type { KnownDriver } from "./classification-csv";
import { classPositionOf, fastestCarByClass, issuedInstant, readClassification, readSheetDate } from "./tsl-classification";

const DRIVERS: KnownDriver[] = [
  { id: "oliver-hartley", number: 7, name: "Oliver Hartley", racingClass: "F3A" },
  { id: "ethan-cole", number: 12, name: "Ethan Cole", racingClass: "F3A" },
  { id: "sophie-marsh", number: 23, name: "Sophie Marsh", racingClass: "F3B" },
  { id: "jack-pemberton", number: 44, name: "Jack Pemberton", racingClass: "FF1600" },
];

/** Race 1 at Silverstone as TSL prints it, copied from the PDF with single spaces (what most viewers give). */
export const TSL_RACE_1 = `HSCC Silverstone National Circuit - Sunday 2nd November 2025
Historic Formula 3 & Formula Ford Championship
Race 1 - 15 Minutes
Provisional Classification
Pos No Cl PIC Name Car Laps Time Gap Diff mph Best On Lap
1 7 F3A 1 Oliver Hartley Dallara F308 11 15:02.345 88.21 1:20.112 5
2 3 F3A 2 Noah Brennan Dallara F308 11 15:03.101 0.756 0.756 88.14 1:20.334 7
3 19 F3A 3 Callum Reid Ralt RT3 11 15:09.870 7.525 6.769 87.47 1:20.901 4
4 16 F3B 1 Isla Grant Chevron B47 11 15:20.004 17.659 10.134 86.51 1:21.552 9
5 12 F3A 4 Ethan Cole Dallara F308 11 15:21.300 18.955 1.296 86.39 1:20.050 10
6 61 FF1600 1 Tom Ashdown Van Diemen RF81 10 15:04.411 1 Lap 1 Lap 80.12 1:27.004 3
7 44 FF1600 2 Jack Pemberton Van Diemen RF81 10 15:10.002 1 Lap 5.591 79.63 1:27.300 6
DNF 23 F3B Sophie Marsh Chevron B38 4 87.02 1:21.410 3
Not classified
NC 70 FF1600 Max Doyle Mygale SJ 2012 6 5 Laps 77.10 1:29.880 2
DNS 9 F3A Ben Carter Dallara F308
Fastest lap: Ethan Cole (Dallara F308) 1:20.050 on lap 10, 88.37 mph
Results are subject to the Stewards of the Meeting
Time of issue: 12:51 Clerk of the Course: J. Smith
TSL Timing www.tsl-timing.com Page 1 of 1`;

describe("reading a TSL classification copied from its PDF", () => {
  it("reads the whole field, the not-classified block and the title, with our cars matched", () => {
    const read = readClassification(TSL_RACE_1, DRIVERS);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.format).toBe("text");
    expect(read.header).toMatchObject({ date: "2025-11-02", sessionName: "Race 1", issuedTime: "12:51", status: "provisional" });
    expect(read.rows).toHaveLength(10);
    expect(read.warnings).toEqual([]);
    expect(read.rows[0]).toEqual({
      line: 6,
      position: 1,
      status: "CLASSIFIED",
      carNumber: 7,
      racingClass: "F3A",
      positionInClass: 1,
      driverName: "Oliver Hartley",
      car: "Dallara F308",
      laps: 11,
      time: "15:02.345",
      gap: "",
      bestLap: "1:20.112",
      driverId: "oliver-hartley",
    });
    expect(read.rows[1]).toMatchObject({ carNumber: 3, driverName: "Noah Brennan", car: "Dallara F308", gap: "0.756", driverId: null });
    expect(read.rows[5]).toMatchObject({ carNumber: 61, car: "Van Diemen RF81", laps: 10, gap: "1 Lap", positionInClass: 1 });
    expect(read.rows[7]).toMatchObject({
      status: "DNF",
      position: null,
      carNumber: 23,
      driverName: "Sophie Marsh",
      laps: 4,
      bestLap: "1:21.410",
    });
    expect(read.rows[8]).toMatchObject({
      status: "NC",
      carNumber: 70,
      driverName: "Max Doyle",
      car: "Mygale SJ 2012",
      laps: 6,
      gap: "5 Laps",
    });
    expect(read.rows[9]).toMatchObject({ status: "DNS", carNumber: 9, driverName: "Ben Carter", car: "Dallara F308", laps: null });
    expect(read.rows.filter((row) => row.driverId).map((row) => row.driverId)).toEqual([
      "oliver-hartley",
      "ethan-cole",
      "jack-pemberton",
      "sophie-marsh",
    ]);
    expect(issuedInstant(read.header, "2025-11-02")!.toISOString()).toBe("2025-11-02T12:51:00.000Z");
    expect(read.rows.map(classPositionOf)).toEqual([1, 2, 3, 1, 4, 1, 2, null, null, null]);
    expect(fastestCarByClass(read.rows).get("F3A")).toBe(12);
  });

  it("reads a copy with irregular whitespace: tabs, runs of spaces, non-breaking spaces, CRLF, a blank line", () => {
    const messy = [
      "  HSCC   Silverstone National Circuit\t2/11/2025  ",
      "RACE 2\u00a0 Final Classification",
      "",
      "Pos\tNo\tCl\tPIC\tName\tCar\tLaps\tTime\tGap\tDiff\tmph\tBest\tOn Lap",
      "1\t7\tF3A\t1\tHARTLEY Oliver\tDallara F308\t11\t15:01.002\t\t\t88.30\t1:19.998\t6",
      "2  12   F3A  2   Ethan Cole    Dallara   F308   11  15:01.902   0.900  0.900  88.25  1:20.010   4",
      "3 \u00a0 44 FF1600 1  Jack   Pemberton  Van Diemen RF81   10  15:06.300   1 Lap   1 Lap   79.90  1:27.010  8",
      "RET\t23\tF3B\t\tSophie Marsh\tChevron B38\t2\t\t\t\t86.00\t1:22.500\t2",
      "Issued at 15:42",
    ].join("\r\n");
    const read = readClassification(messy, DRIVERS);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.header).toMatchObject({ date: "2025-11-02", sessionName: "RACE 2", issuedTime: "15:42", status: "final" });
    expect(read.rows.map((row) => [row.position, row.status, row.carNumber, row.driverName, row.car, row.laps])).toEqual([
      [1, "CLASSIFIED", 7, "HARTLEY Oliver", "Dallara F308", 11],
      [2, "CLASSIFIED", 12, "Ethan Cole", "Dallara F308", 11],
      [3, "CLASSIFIED", 44, "Jack Pemberton", "Van Diemen RF81", 10],
      [null, "RET", 23, "Sophie Marsh", "Chevron B38", 2],
    ]);
    // "HARTLEY Oliver" is Oliver Hartley: no warning.
    expect(read.warnings).toEqual([]);
  });

  it("reads a field of 60 cars", () => {
    const lines = ["Brands Hatch Indy 12 April 2026 Race 1", "Pos No Cl PIC Name Car Laps Time Gap Diff mph Best On Lap"];
    for (let position = 1; position <= 60; position++) {
      const number = position === 30 ? 7 : 100 + position;
      const name = position === 30 ? "Oliver Hartley" : `Driver${position} Surname${position}`;
      lines.push(
        `${position} ${number} F3A ${position} ${name} Dallara F308 12 15:${String(position % 60).padStart(2, "0")}.100 1.000 1.000 80.00 1:20.${String(position).padStart(3, "0")} 5`,
      );
    }
    const read = readClassification(lines.join("\n"), DRIVERS);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.rows).toHaveLength(60);
    expect(read.rows[29]).toMatchObject({ position: 30, driverId: "oliver-hartley", positionInClass: 30 });
  });

  it("warns, without refusing, when our car number carries another name or class", () => {
    const text = TSL_RACE_1.replace("5 12 F3A 4 Ethan Cole", "5 12 F3B 4 Evan Coles");
    const read = readClassification(text, DRIVERS);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.warnings).toEqual([
      { line: 10, message: "Car 12 is ours (Ethan Cole), but the sheet names Evan Coles." },
      { line: 10, message: "Ethan Cole races in F3A; the sheet says F3B." },
    ]);
  });

  it("refuses garbled text, naming the line", () => {
    const garbled = TSL_RACE_1.replace("3 19 F3A 3 Callum Reid Ralt RT3 11 15:09.870 7.525 6.769 87.47 1:20.901 4", "3 1x9 F3A Callum");
    expect(readClassification(garbled, DRIVERS)).toEqual({
      ok: false,
      problems: [{ line: 8, message: `"1x9" is not a car number. ("3 1x9 F3A Callum")` }],
    });
    const truncated = TSL_RACE_1.replace(" 11 15:21.300 18.955 1.296 86.39 1:20.050 10", "");
    const read = readClassification(truncated, DRIVERS);
    expect(read).toMatchObject({ ok: false, problems: [{ line: 10, message: expect.stringContaining("laps and times") }] });
    expect(readClassification("Lorem ipsum dolor sit amet\nconsectetur 12 adipiscing", DRIVERS)).toMatchObject({
      ok: false,
      problems: [{ line: null, message: expect.stringContaining("No column header line") }],
    });
    expect(readClassification(TSL_RACE_1.replace(/^2 3 F3A 2 .*$/m, ""), DRIVERS)).toMatchObject({
      ok: false,
      problems: [{ line: null, message: expect.stringContaining("not 1 to 6 without gaps") }],
    });
    expect(readClassification(TSL_RACE_1.replace("2 3 F3A 2", "2 7 F3A 2"), DRIVERS)).toMatchObject({
      ok: false,
      problems: [{ line: 7, message: "Car 7 is already on line 6." }],
    });
    expect(readClassification("", DRIVERS)).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining("Paste") }] });
    expect(readClassification("x".repeat(200 * 1024), DRIVERS)).toMatchObject({
      ok: false,
      problems: [{ message: expect.stringContaining("larger") }],
    });
  });

  it("reads the CSV export with the CSV splitter", () => {
    const csv = [
      "Pos,No,Cl,PIC,Name,Car,Laps,Time,Gap,Diff,mph,Best,On Lap",
      '1,7,F3A,1,"Hartley, Oliver",Dallara F308,11,15:02.345,,,88.21,1:20.112,5',
      "2,3,F3A,2,Noah Brennan,Dallara F308,11,15:03.101,0.756,0.756,88.14,1:20.334,7",
      "DQ,44,FF1600,,Jack Pemberton,Van Diemen RF81,10,15:10.002,1 Lap,,79.63,1:27.300,6",
    ].join("\n");
    const read = readClassification(csv, DRIVERS);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.format).toBe("csv");
    expect(read.rows.map((row) => [row.position, row.status, row.carNumber, row.driverName, row.gap, row.driverId])).toEqual([
      [1, "CLASSIFIED", 7, "Hartley, Oliver", "", "oliver-hartley"],
      [2, "CLASSIFIED", 3, "Noah Brennan", "0.756", null],
      [null, "DQ", 44, "Jack Pemberton", "1 Lap", "jack-pemberton"],
    ]);
    expect(read.warnings).toEqual([]);
    expect(readClassification("Pos,No,Name,Laps\n1,7,Oliver Hartley,eleven", DRIVERS)).toEqual({
      ok: false,
      problems: [{ line: 2, message: '"eleven" is not a number of laps.' }],
    });
  });

  it("reads the dates title lines print", () => {
    expect(readSheetDate("Sunday 2nd November 2025")).toBe("2025-11-02");
    expect(readSheetDate("Sat 6 Sep 2025")).toBe("2025-09-06");
    expect(readSheetDate("06/09/2025")).toBe("2025-09-06");
    expect(readSheetDate("2025-09-06")).toBe("2025-09-06");
    expect(readSheetDate("Race 1 - 15 Minutes")).toBeNull();
    expect(readSheetDate("31/02/2025")).toBeNull();
    expect(readSheetDate("45/13/2025")).toBeNull();
  });
});
