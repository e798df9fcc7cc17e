/**
 * CSV for spreadsheets: every cell quoted (RFC 4180, quotes doubled), and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * prefixed with an apostrophe, so an address such as "=HYPERLINK(…)"@example.com typed into a
 * public form stays text when staff open the export (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows as CSV text with CRLF line ends (what spreadsheets expect), the header first. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
