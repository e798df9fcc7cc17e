/**
 * The bulk stock file, as docs/stock-csv.md lays it out: `sku,stock` with a row per size,
 * the SKU being the product's slug and the size (team-tshirt/M) and `stock` the count to set.
 * Parsed and checked against the sizes that exist without touching the database, so a file
 * with any bad row (an unknown SKU above all) is refused whole with every problem named.
 */
import { splitCsvRecords, type CsvProblem } from "~/features/results/classification-csv";

export const MAX_STOCK_CSV_BYTES = 24 * 1024;
export const MAX_STOCK_CSV_ROWS = 500;
export const MAX_STOCK_COUNT = 100_000;

/** A size the file may name. */
export interface KnownSku {
  variantId: number;
  sku: string;
  /** Its stock when the file is read. */
  stock: number;
}

/** One size whose stock the file changes. Rows that set the stock it already has are left out. */
export interface StockChange {
  line: number;
  variantId: number;
  sku: string;
  from: number;
  to: number;
}

export type StockCsvParse = { ok: true; changes: StockChange[]; unchanged: number } | { ok: false; problems: CsvProblem[] };

/** SKUs are matched without regard to case or surrounding spaces. */
export const skuKey = (sku: string) =>
  sku
    .trim()
    .replace(/\s*\/\s*/, "/")
    .toLowerCase();

export function parseStockCsv(text: string, known: readonly KnownSku[]): StockCsvParse {
  if (new TextEncoder().encode(text).length > MAX_STOCK_CSV_BYTES) {
    return { ok: false, problems: [{ line: null, message: `The file is larger than ${MAX_STOCK_CSV_BYTES / 1024} KB; split it in two.` }] };
  }
  const { records, error } = splitCsvRecords(text.replace(/^\uFEFF/, ""));
  if (error) return { ok: false, problems: [{ line: null, message: error }] };
  const [header, ...body] = records;
  if (!header) return { ok: false, problems: [{ line: null, message: "The file is empty." }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  if (names.length !== 2 || !names.includes("sku") || !names.includes("stock")) {
    return {
      ok: false,
      problems: [{ line: 1, message: `The first line must be the header "sku,stock"; it is "${header.fields.join(",")}".` }],
    };
  }
  if (body.length === 0) return { ok: false, problems: [{ line: null, message: "The file has a header but no rows." }] };
  if (body.length > MAX_STOCK_CSV_ROWS) {
    return {
      ok: false,
      problems: [{ line: null, message: `The file has ${body.length} rows; at most ${MAX_STOCK_CSV_ROWS} are read at once.` }],
    };
  }

  const bySku = new Map(known.map((entry) => [skuKey(entry.sku), entry]));
  const skuAt = names.indexOf("sku");
  const stockAt = names.indexOf("stock");
  const problems: CsvProblem[] = [];
  const unknown: string[] = [];
  const seen = new Map<number, number>();
  const changes: StockChange[] = [];
  let unchanged = 0;
  for (const record of body) {
    if (record.fields.length !== 2) {
      problems.push({ line: record.line, message: `Has ${record.fields.length} fields; a row is sku,stock.` });
      continue;
    }
    const sku = record.fields[skuAt]!.trim();
    const count = record.fields[stockAt]!.trim();
    const entry = bySku.get(skuKey(sku));
    if (!entry) {
      unknown.push(sku);
      problems.push({ line: record.line, message: sku ? `Unknown SKU "${sku}": no product has that slug and size.` : "The SKU is empty." });
      continue;
    }
    const earlier = seen.get(entry.variantId);
    if (earlier !== undefined) {
      problems.push({ line: record.line, message: `${entry.sku} is already on line ${earlier}; give each size once.` });
      continue;
    }
    seen.set(entry.variantId, record.line);
    if (!/^\d+$/.test(count)) {
      problems.push({
        line: record.line,
        message: count.startsWith("-")
          ? `Stock for ${entry.sku} cannot be negative ("${count}").`
          : `Stock for ${entry.sku} must be a whole number of units ("${count}").`,
      });
      continue;
    }
    const to = Number(count);
    if (to > MAX_STOCK_COUNT) {
      problems.push({
        line: record.line,
        message: `Stock for ${entry.sku} is more than ${MAX_STOCK_COUNT.toLocaleString("en-GB")}; check the figure.`,
      });
      continue;
    }
    if (to === entry.stock) unchanged += 1;
    else changes.push({ line: record.line, variantId: entry.variantId, sku: entry.sku, from: entry.stock, to });
  }
  if (unknown.length > 0) {
    problems.unshift({
      line: null,
      message: `${unknown.length === 1 ? "One SKU is" : `${unknown.length} SKUs are`} unknown, so nothing was changed: ${unknown.map((sku) => `"${sku}"`).join(", ")}. A SKU is the product's address and the size, e.g. team-tshirt/M (listed on each product's page).`,
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes, unchanged };
}

/**
 * What the preview showed, as one line the apply form posts back: the file is applied only if
 * every size still has the stock the preview read (a sale in between means previewing again).
 */
export function previewFingerprint(changes: readonly Pick<StockChange, "variantId" | "from" | "to">[]): string {
  return changes.map((change) => `${change.variantId}:${change.from}>${change.to}`).join(";");
}
