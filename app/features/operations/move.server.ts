/**
 * npm run db:move (ADR 0045): copies every table of the embedded database into an empty
 * PostgreSQL database, in one transaction that commits only if every table's row count and
 * checksum match the source.
 *
 * 1. The target is migrated with this release's migrations (the source too, as `npm start`
 *    would), and both must have the same migrations applied.
 * 2. In one transaction on the target: the rows the migrations inserted are cleared, foreign keys
 *    are dropped and user triggers disabled (so tables can be filled in any order and nothing
 *    fires twice), each table is copied with COPY in PostgreSQL's own text format (exact for every
 *    type), the foreign keys are added again (which checks every row), triggers enabled,
 *    sequences set to the source's values, and all tables compared.
 *
 * Needs only ownership of the target's tables, not superuser.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { migrationsFolder } from "../../../db/client.server";
import { lockDataDir } from "../../../db/data-dir-lock.server";
import { TargetNotEmptyError } from "./restore.server";
import { checksumDifferences, listTables, qualifiedName, quoteIdentifier, tableChecksums, type RunQuery } from "./table-checksums.server";

export interface MoveReport {
  tables: number;
  rows: number;
  sequences: number;
  durationMs: number;
}

const USER_RELATIONS = `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

const APPLIED_MIGRATIONS = "select hash from drizzle.__drizzle_migrations order by created_at, id";

export async function moveToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  force: boolean;
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const pgdata = path.join(options.dataDir, "pgdata");
  if (!existsSync(pgdata)) throw new Error(`There is no embedded database in ${options.dataDir} (DATA_DIR): nothing to move.`);

  const target = new pg.Client({ connectionString: options.databaseUrl, application_name: "ridgeway db:move" });
  await target.connect();
  const release = await lockDataDir(options.dataDir).catch(async (error: unknown) => {
    await target.end();
    throw error;
  });
  let source: PGlite | undefined;
  try {
    const occupied = Number((await target.query(USER_RELATIONS)).rows[0].n);
    if (occupied > 0 && !options.force) {
      throw new TargetNotEmptyError(
        `The database in the URL is not empty (${occupied} tables, sequences or indexes). Move into a new, empty database (createdb), or add --force to drop everything in it first.`,
      );
    }
    if (occupied > 0) {
      const schemas = (
        await target.query(
          `select nspname from pg_namespace n where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`,
        )
      ).rows;
      for (const { nspname } of schemas) await target.query(`drop schema ${quoteIdentifier(String(nspname))} cascade`);
      await target.query("create schema if not exists public");
    }

    log("Opening the embedded database and applying this release's migrations to both...");
    source = await PGlite.create(pgdata);
    await migratePglite(drizzlePglite(source), { migrationsFolder });
    await migratePg(drizzlePg(target), { migrationsFolder });
    const fromSource: RunQuery = async (text) => (await source!.query<Record<string, unknown>>(text)).rows;
    const onTarget: RunQuery = async (text) => (await target.query(text)).rows;
    const sourceMigrations = (await fromSource(APPLIED_MIGRATIONS)).map((row) => row.hash);
    const targetMigrations = (await onTarget(APPLIED_MIGRATIONS)).map((row) => row.hash);
    if (JSON.stringify(sourceMigrations) !== JSON.stringify(targetMigrations)) {
      throw new Error("The two databases do not have the same migrations applied; nothing was moved.");
    }

    const tables = await listTables(fromSource, ["public"]);
    const expected = await source.transaction((tx) =>
      tableChecksums(async (text) => (await tx.query<Record<string, unknown>>(text)).rows, ["public"]),
    );
    const sequences = (
      await fromSource(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public' order by 1`,
      )
    ).map((row) => String(row.name));

    await target.query("begin");
    try {
      const targetTables = await listTables(onTarget, ["public"]);
      if (JSON.stringify(targetTables) !== JSON.stringify(tables))
        throw new Error("The two databases do not have the same tables; nothing was moved.");
      const foreignKeys = await onTarget(
        `select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
      );
      for (const key of foreignKeys)
        await onTarget(`alter table ${String(key.table)} drop constraint ${quoteIdentifier(String(key.name))}`);
      for (const table of tables) await onTarget(`alter table ${qualifiedName(table)} disable trigger user`);
      // What the migrations inserted (default settings rows, say) is in the source too.
      await onTarget(`truncate ${tables.map(qualifiedName).join(", ")}`);

      for (const table of tables) {
        const columns = await copiedColumns(fromSource, table);
        const columnList = columns.map(quoteIdentifier).join(", ");
        const result = await source.query(`copy ${qualifiedName(table)} (${columnList}) to '/dev/blob'`);
        // PGlite gives no blob for a table without rows.
        const blob = result.blob;
        if (blob && blob.size > 0)
          await pipeline(
            Readable.from(Buffer.from(await blob.arrayBuffer())),
            target.query(copyFrom(`copy ${qualifiedName(table)} (${columnList}) from stdin`)),
          );
        log(`  ${table}`);
      }

      for (const table of tables) await onTarget(`alter table ${qualifiedName(table)} enable trigger user`);
      // Added again, each checks every row it covers.
      for (const key of foreignKeys) {
        await onTarget(`alter table ${String(key.table)} add constraint ${quoteIdentifier(String(key.name))} ${String(key.definition)}`);
      }
      for (const name of sequences) {
        const [state] = await fromSource(`select last_value::text as value, is_called from ${qualifiedName(`public.${name}`)}`);
        await onTarget(
          `select setval('${qualifiedName(`public.${name}`).replaceAll("'", "''")}', ${BigInt(String(state!.value))}, ${state!.is_called ? "true" : "false"})`,
        );
      }

      const differences = checksumDifferences(expected, await tableChecksums(onTarget, ["public"]));
      if (differences.length > 0)
        throw new Error(`The copy does not match the embedded database, so nothing was moved:\n  ${differences.join("\n  ")}`);
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => {});
      throw error;
    }
    return {
      tables: tables.length,
      rows: expected.reduce((sum, table) => sum + table.rows, 0),
      sequences: sequences.length,
      durationMs: Date.now() - started,
    };
  } finally {
    await source?.close();
    await release();
    await target.end();
  }
}

/** A table's columns that take values (generated columns compute theirs), in table order. */
async function copiedColumns(query: RunQuery, table: string): Promise<string[]> {
  const [schema, name] = [table.slice(0, table.indexOf(".")), table.slice(table.indexOf(".") + 1)];
  const rows = await query(
    `select column_name from information_schema.columns
     where table_schema = '${schema.replaceAll("'", "''")}' and table_name = '${name.replaceAll("'", "''")}' and is_generated = 'NEVER'
     order by ordinal_position`,
  );
  return rows.map((row) => String(row.column_name));
}
