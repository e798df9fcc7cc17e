/**
 * Issue 37, defect 1: after a restore, Today named an older backup than the one restored. A
 * backup holds every run recorded before it but not its own (written when it ends), so the
 * restored database knew only of the backup before. The restore now records itself in the
 * restored database, and Today shows that backup and the restore. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { loadToday } from "../../app/features/admin/today.server";
import { runBackup, type BackupReport, type BackupSettings } from "../../app/features/operations/backup.server";
import { restoreBackup } from "../../app/features/operations/restore.server";
import type { OperationalSettings } from "../../app/features/operations/warnings";
import { createTestDatabase, seededTestDatabase, type TestDatabase } from "../support/test-database";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const operations: OperationalSettings = { backupSchedule: "daily", paymentWebhookWarningMinutes: 10 };
const admin = { roles: ["admin" as const] };

describe("Today after a restore", () => {
  const suite = seededTestDatabase();
  const directory = mkdtempSync(path.join(tmpdir(), "ridgeway-restore-today-"));
  let target: TestDatabase;
  let restored: DatabaseHandle | undefined;
  let older: BackupReport;
  let newer: BackupReport;

  beforeAll(async () => {
    const settings: BackupSettings = { directory, keep: 0, offsite: null, dataDir: suite.testDb.dataDir };
    older = await runBackup(suite.handle, settings, { trigger: "command", log: quiet });
    // File names carry the time to the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    newer = await runBackup(suite.handle, settings, { trigger: "command", log: quiet });
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  it("names the backup restored as the last one, and says when it was restored", async () => {
    const before = Date.now();
    const report = await restoreBackup(
      newer.path,
      target.kind === "pglite" ? { kind: "embedded", dataDir: target.dataDir } : { kind: "postgres", databaseUrl: target.databaseUrl! },
      { force: false },
    );
    expect(report.recorded).toBe(true);
    // As the site opens it: migrated, not seeded again.
    restored = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, seed: false, onConnectionError: () => {} });

    const today = await loadToday(restored.db, admin, operations);
    expect(today.operations?.lastBackup?.file).toBe(newer.fileName);
    expect(today.operations?.lastBackup?.file).not.toBe(older.fileName);
    expect(today.operations!.lastBackup!.at.replace(/[-:]/g, "").slice(0, 15)).toBe(/-(\d{8}T\d{6})Z-/.exec(newer.fileName)![1]);
    expect(today.operations?.lastRestore).toMatchObject({ file: newer.fileName });
    expect(Date.parse(today.operations!.lastRestore!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(today.operations?.lastRestore?.backupTakenAt).toBe(today.operations?.lastBackup?.at);
    expect(today.operations?.warnings.map((warning) => warning.id)).not.toContain("backup-stale");

    // A backup made after the restore is the last one from then on; the restore is still shown.
    const after = await runBackup(
      restored,
      { directory, keep: 0, offsite: null, dataDir: target.dataDir },
      { trigger: "command", log: quiet },
    );
    const later = await loadToday(restored.db, admin, operations);
    expect(later.operations?.lastBackup?.file).toBe(after.fileName);
    expect(later.operations?.lastRestore?.file).toBe(newer.fileName);
  });
});
