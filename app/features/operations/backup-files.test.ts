import { describe, expect, it } from "vitest";
import { backupFileName, backupsBeyondKeep, isBackupDue, isBackupStale, parseBackupFileName } from "./backup-files";

const sha = "3fa9c2e1b0d4a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e";

describe("backup file names", () => {
  it("carry the kind, the UTC time to the second and the first 16 hex digits of the checksum", () => {
    const name = backupFileName("embedded", new Date("2026-11-25T19:04:05.678Z"), sha);
    expect(name).toBe("ridgeway-embedded-20261125T190405Z-3fa9c2e1b0d4a5f6.tar");
    expect(parseBackupFileName(name)).toEqual({
      kind: "embedded",
      takenAt: new Date("2026-11-25T19:04:05Z"),
      checksumPrefix: "3fa9c2e1b0d4a5f6",
    });
  });

  it("refuses a checksum that is not a SHA-256 in hex", () => {
    expect(() => backupFileName("postgres", new Date(), "abc")).toThrow(/64/);
  });

  it("are not recognised once renamed, partial or of another month length", () => {
    expect(parseBackupFileName("backup.tar")).toBeNull();
    expect(parseBackupFileName("ridgeway-embedded-20261125T190405Z-3fa9c2e1b0d4a5f6.tar.partial")).toBeNull();
    expect(parseBackupFileName("ridgeway-mysql-20261125T190405Z-3fa9c2e1b0d4a5f6.tar")).toBeNull();
    expect(parseBackupFileName("ridgeway-postgres-20261399T190405Z-3fa9c2e1b0d4a5f6.tar")).toBeNull();
  });
});

describe("keeping the newest N backups", () => {
  const names = [
    "ridgeway-embedded-20261101T000000Z-0000000000000001.tar",
    "ridgeway-embedded-20261103T000000Z-0000000000000003.tar",
    "ridgeway-embedded-20261102T000000Z-0000000000000002.tar",
    "ridgeway-postgres-20261001T000000Z-0000000000000009.tar",
    "notes.txt",
    "ridgeway-embedded-20261104T000000Z-0000000000000004.tar.partial",
  ];

  it("deletes the oldest of each kind beyond N, and nothing it did not write", () => {
    expect(backupsBeyondKeep(names, 2)).toEqual(["ridgeway-embedded-20261101T000000Z-0000000000000001.tar"]);
    expect(backupsBeyondKeep(names, 1)).toEqual([
      "ridgeway-embedded-20261101T000000Z-0000000000000001.tar",
      "ridgeway-embedded-20261102T000000Z-0000000000000002.tar",
    ]);
  });

  it("keeps everything with keep 0", () => {
    expect(backupsBeyondKeep(names, 0)).toEqual([]);
  });
});

describe("the schedule", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it("is due when no backup succeeded yet, or the last is a whole interval old", () => {
    expect(isBackupDue("daily", null, now)).toBe(true);
    expect(isBackupDue("daily", hoursAgo(23.9), now)).toBe(false);
    expect(isBackupDue("daily", hoursAgo(24), now)).toBe(true);
    expect(isBackupDue("hourly", hoursAgo(0.5), now)).toBe(false);
    expect(isBackupDue("hourly", hoursAgo(1), now)).toBe(true);
    expect(isBackupDue("off", null, now)).toBe(false);
  });

  it("calls a backup stale after its interval and a margin (hourly 90 min, daily 26 h)", () => {
    expect(isBackupStale("hourly", hoursAgo(1.4), now)).toBe(false);
    expect(isBackupStale("hourly", hoursAgo(1.6), now)).toBe(true);
    expect(isBackupStale("daily", hoursAgo(25.5), now)).toBe(false);
    expect(isBackupStale("daily", hoursAgo(26.5), now)).toBe(true);
    expect(isBackupStale("daily", null, now)).toBe(true);
    expect(isBackupStale("off", null, now)).toBe(false);
  });
});
