import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv-export";

describe("CSV export", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          [null, 3],
        ],
      ),
    ).toBe('"a","b"\r\n"x,y","say ""hi"""\r\n"","3"\r\n');
  });

  it("keeps formula-like cells as text", () => {
    for (const value of ["=1+1", "+44 7700", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(value)).toBe(`"'${value}"`);
    expect(csvCell("fan@example.com")).toBe('"fan@example.com"');
  });
});
