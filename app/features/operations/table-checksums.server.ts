/**
 * Every table's row count and a checksum of its contents, read the same way on PGlite and
 * PostgreSQL: a backup records them from inside its own consistent snapshot, restore and move
 * compare against them (ADR 0043).
 *
 * The checksum is the MD5 of the sorted MD5s of each row's text form, so it does not depend on
 * the order rows are stored in. The text form depends on a few session settings (time zone,
 * date and interval style, float digits, bytea format), fixed here with SET LOCAL: call it
 * inside a transaction.
 */

/** Runs one SQL statement and returns its rows as objects. */
export type RunQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface TableChecksum {
  /** schema.name */
  table: string;
  rows: number;
  checksum: string;
}

/** The schemas the app's data lives in: its tables, and Drizzle's record of applied migrations. */
export const DATA_SCHEMAS = ["public", "drizzle"] as const;

const SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 1",
  "set local bytea_output = 'hex'",
];

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.table` as written in SQL. */
export function qualifiedName(table: string): string {
  const dot = table.indexOf(".");
  return `${quoteIdentifier(table.slice(0, dot))}.${quoteIdentifier(table.slice(dot + 1))}`;
}

/** The base tables in `schemas`, as schema.name, sorted. */
export async function listTables(query: RunQuery, schemas: readonly string[] = DATA_SCHEMAS): Promise<string[]> {
  const list = schemas.map((schema) => `'${schema.replaceAll("'", "''")}'`).join(", ");
  const rows = await query(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in (${list}) order by 1`,
  );
  return rows.map((row) => String(row.name));
}

export async function tableChecksums(query: RunQuery, schemas: readonly string[] = DATA_SCHEMAS): Promise<TableChecksum[]> {
  for (const setting of SETTINGS) await query(setting);
  const stored = await storedColumnsWhereSomeAreGenerated(query, schemas);
  const sums: TableChecksum[] = [];
  for (const table of await listTables(query, schemas)) {
    // A generated column (articles' search document) is computed by whichever database holds the
    // row, and two PostgreSQL versions may compute it differently: the columns it is made from are
    // what a copy must match. Any other table is hashed whole, as before.
    const columns = stored.get(table);
    const rowText = columns ? `row(${columns.map((column) => `t.${quoteIdentifier(column)}`).join(", ")})::text` : "t::text";
    const [row] = await query(
      `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
       from (select md5(${rowText}) as h from ${qualifiedName(table)} as t) as x`,
    );
    sums.push({ table, rows: Number(row!.rows), checksum: String(row!.checksum) });
  }
  return sums;
}

/** For each table with a generated column: its other columns, in table order. */
async function storedColumnsWhereSomeAreGenerated(query: RunQuery, schemas: readonly string[]): Promise<Map<string, string[]>> {
  const list = schemas.map((schema) => `'${schema.replaceAll("'", "''")}'`).join(", ");
  const rows = await query(
    `select table_schema || '.' || table_name as "table", column_name as "column", is_generated as generated
     from information_schema.columns
     where table_schema in (${list})
       and (table_schema, table_name) in (select table_schema, table_name from information_schema.columns where is_generated <> 'NEVER')
     order by table_schema, table_name, ordinal_position`,
  );
  const stored = new Map<string, string[]>();
  for (const row of rows) {
    const columns = stored.get(String(row.table)) ?? [];
    if (row.generated === "NEVER") columns.push(String(row.column));
    stored.set(String(row.table), columns);
  }
  return stored;
}

/** What differs between two sets of checksums, one line per table; empty when they agree. */
export function checksumDifferences(expected: readonly TableChecksum[], actual: readonly TableChecksum[]): string[] {
  const found = new Map(actual.map((sum) => [sum.table, sum]));
  const problems: string[] = [];
  for (const want of expected) {
    const got = found.get(want.table);
    found.delete(want.table);
    if (!got) problems.push(`${want.table}: missing`);
    else if (got.rows !== want.rows) problems.push(`${want.table}: ${got.rows} rows, expected ${want.rows}`);
    else if (got.checksum !== want.checksum) problems.push(`${want.table}: contents differ (${want.rows} rows)`);
  }
  for (const extra of found.keys()) problems.push(`${extra}: not expected`);
  return problems;
}
