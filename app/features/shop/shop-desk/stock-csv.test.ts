import { describe, expect, it } from "vitest";
import { parseStockCsv, previewFingerprint } from "./stock-csv";

const known = [
  { variantId: 1, sku: "team-tshirt/S", stock: 5 },
  { variantId: 2, sku: "team-tshirt/M", stock: 5 },
  { variantId: 3, sku: "team-cap-red/One Size", stock: 40 },
];

describe("parseStockCsv", () => {
  it("reads sku,stock rows (any case, BOM, CRLF), leaving out sizes already at that stock", () => {
    const result = parseStockCsv("\uFEFFSKU,Stock\r\nteam-tshirt/s,7\r\n team-cap-red / One Size ,40\r\n", known);
    expect(result).toEqual({ ok: true, unchanged: 1, changes: [{ line: 2, variantId: 1, sku: "team-tshirt/S", from: 5, to: 7 }] });
  });

  it("refuses the whole file for unknown SKUs, naming each", () => {
    const result = parseStockCsv("sku,stock\nteam-tshirt/S,7\nteam-tshirt/XS,1\n", known);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]!.message).toMatch(/One SKU is unknown, so nothing was changed: "team-tshirt\/XS"/);
  });

  it("refuses negative, non-numeric and repeated rows, and a wrong header", () => {
    const result = parseStockCsv("sku,stock\nteam-tshirt/S,-1\nteam-tshirt/M,lots\nteam-tshirt/m,3\nteam-tshirt/M,4\n", known);
    const messages = !result.ok ? result.problems.map((problem) => `${problem.line}: ${problem.message}`) : [];
    expect(messages).toEqual([
      '2: Stock for team-tshirt/S cannot be negative ("-1").',
      '3: Stock for team-tshirt/M must be a whole number of units ("lots").',
      "4: team-tshirt/M is already on line 3; give each size once.",
      "5: team-tshirt/M is already on line 3; give each size once.",
    ]);
    expect(parseStockCsv("product,count\na,1\n", known)).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(parseStockCsv("sku,stock\n", known)).toMatchObject({ ok: false });
  });

  it("fingerprints a preview by size, stock before and after", () => {
    expect(
      previewFingerprint([
        { variantId: 1, from: 5, to: 7 },
        { variantId: 3, from: 40, to: 0 },
      ]),
    ).toBe("1:5>7;3:40>0");
  });
});
