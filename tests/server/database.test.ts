import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase, type DatabaseHandle } from "../../db/client.server";
import { legalDocuments } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
const open: DatabaseHandle[] = [];

async function openTestDatabase() {
  const handle = await openDatabase({
    dataDir: testDb.dataDir,
    databaseUrl: testDb.databaseUrl,
    onConnectionError: () => {},
  });
  open.push(handle);
  return handle;
}

async function closeAll() {
  await Promise.all(open.splice(0).map((handle) => handle.close()));
}

beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(async () => {
  await closeAll();
  await testDb.drop();
});

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  // Both drivers answer raw SQL with { rows }.
  const result = (await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as {
    rows: Array<{ count: number }>;
  };
  return result.rows[0]!.count;
}

describe(`database on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("migrates and seeds an empty database on first open", async () => {
    const handle = await openTestDatabase();
    expect(handle.kind).toBe(testDb.kind);
    const documents = await handle.db.select({ slug: legalDocuments.slug }).from(legalDocuments);
    expect(documents.map((d) => d.slug).sort()).toEqual(["cookies", "privacy", "returns", "terms"]);
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it("applies migrations and seed once, however often it is opened", async () => {
    const first = await openTestDatabase();
    const migrationsAfterFirst = await appliedMigrations(first);
    expect(migrationsAfterFirst).toBeGreaterThan(0);
    await first.db
      .update(legalDocuments)
      .set({ title: "Edited by the team" })
      .where(sql`slug = 'terms'`);
    await closeAll();

    const second = await openTestDatabase();
    expect(await appliedMigrations(second)).toBe(migrationsAfterFirst);
    const rows = await second.db.select().from(legalDocuments);
    expect(rows).toHaveLength(4);
    // Seeding fills gaps only; it never overwrites what was edited since.
    expect(rows.find((row) => row.slug === "terms")?.title).toBe("Edited by the team");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL with several app processes", () => {
  it("lets processes that start together migrate once between them", async () => {
    const handles = await Promise.all([openTestDatabase(), openTestDatabase(), openTestDatabase()]);
    const migrations = await appliedMigrations(handles[0]!);
    const fileCount = (await import("../../db/migrations/meta/_journal.json")).entries.length;
    expect(migrations).toBe(fileCount);
    expect(await handles[1]!.db.select().from(legalDocuments)).toHaveLength(4);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)("PGlite data directory lock", () => {
  it("refuses a second opening of the same directory while the first is open", async () => {
    await openTestDatabase();
    await expect(openDatabase({ dataDir: testDb.dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: testDb.dataDir })).rejects.toThrow(/already open in another process/);
  });

  it("can be opened again once the first is closed", async () => {
    await openTestDatabase();
    await closeAll();
    const again = await openTestDatabase();
    await expect(again.ping()).resolves.toBeUndefined();
  });
});
