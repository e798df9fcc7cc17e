/*
 * CSV for spreadsheets, safe against formula injection: every cell is quoted, and a cell that
 * a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is prefixed with a single quote so it shows as text (OWASP's advice for CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows to CSV text: CRLF line ends (RFC 4180) and a BOM so Excel reads UTF-8 names correctly. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
