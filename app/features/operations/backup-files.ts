/*
 * Backup files: their names, which ones to keep, and when the next one is due (ADR 0043).
 * A backup is one file, `ridgeway-<kind>-<UTC time>-<first 16 hex of its SHA-256>.tar`: sorted
 * by name it is sorted by time, and its name says what its bytes must hash to.
 */

export type BackupKind = "embedded" | "postgres";
export type BackupSchedule = "off" | "hourly" | "daily";

const NAME = /^ridgeway-(embedded|postgres)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-([0-9a-f]{16})\.tar$/;

/** Where a backup is written until it is complete; never a name restore or retention looks at. */
export const PARTIAL_SUFFIX = ".partial";

export function backupFileName(kind: BackupKind, takenAt: Date, sha256Hex: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new Error("a backup's checksum is 64 lower-case hex digits");
  const stamp = takenAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  return `ridgeway-${kind}-${stamp}-${sha256Hex.slice(0, 16)}.tar`;
}

export interface BackupName {
  kind: BackupKind;
  takenAt: Date;
  /** The first 16 hex digits of the file's SHA-256. */
  checksumPrefix: string;
}

/** What a backup's file name says, or null for any other name (a renamed copy, a partial file). */
export function parseBackupFileName(name: string): BackupName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, kind, year, month, day, hour, minute, second, checksumPrefix] = match;
  const takenAt = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(takenAt.getTime())) return null;
  return { kind: kind as BackupKind, takenAt, checksumPrefix: checksumPrefix! };
}

/**
 * The backups to delete so that the newest `keep` of each kind remain (0 keeps all). Only names
 * this app wrote are counted or deleted; anything else in the directory is left alone.
 */
export function backupsBeyondKeep(names: readonly string[], keep: number): string[] {
  if (keep <= 0) return [];
  const byKind = new Map<BackupKind, Array<{ name: string; takenAt: number }>>();
  for (const name of names) {
    const parsed = parseBackupFileName(name);
    if (!parsed) continue;
    const list = byKind.get(parsed.kind) ?? [];
    list.push({ name, takenAt: parsed.takenAt.getTime() });
    byKind.set(parsed.kind, list);
  }
  const doomed: string[] = [];
  for (const list of byKind.values()) {
    list.sort((a, b) => b.takenAt - a.takenAt || b.name.localeCompare(a.name));
    doomed.push(...list.slice(keep).map((entry) => entry.name));
  }
  return doomed.sort();
}

const HOUR_MS = 60 * 60 * 1000;

export function scheduleIntervalMs(schedule: BackupSchedule): number | null {
  if (schedule === "hourly") return HOUR_MS;
  if (schedule === "daily") return 24 * HOUR_MS;
  return null;
}

/** Whether the schedule asks for a backup now, given the last one that succeeded. */
export function isBackupDue(schedule: BackupSchedule, lastSuccessAt: Date | null, now: Date): boolean {
  const interval = scheduleIntervalMs(schedule);
  if (interval === null) return false;
  return lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() >= interval;
}

/**
 * A backup is stale when the last good one is older than its schedule allows, with a margin for
 * a run that is slow or a process restarting (an hourly schedule warns after 90 minutes, a daily
 * one after 26 hours).
 */
export function isBackupStale(schedule: BackupSchedule, lastSuccessAt: Date | null, now: Date): boolean {
  const interval = scheduleIntervalMs(schedule);
  if (interval === null) return false;
  const margin = Math.min(interval / 2, 2 * HOUR_MS);
  return lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() > interval + margin;
}
