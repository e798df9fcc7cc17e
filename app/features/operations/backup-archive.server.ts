/**
 * The backup file (ADR 0043): one tar archive holding `manifest.json` (what it is, the tables'
 * row counts and checksums at the moment it was taken, the payload's SHA-256) and the payload:
 * the embedded database's data directory (`pgdata.tar.gz`) or PostgreSQL's own custom-format
 * dump (`database.pgdump`, for pg_restore).
 *
 * Written under a temporary name in the same directory, flushed to disk, then renamed to its
 * final name, which carries the SHA-256 of its bytes: a backup cut short (disk full, kill -9)
 * never has a final name, and the backups already there are never touched.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { z } from "~/lib/zod";
import { backupFileName, parseBackupFileName, PARTIAL_SUFFIX, type BackupKind } from "./backup-files";
import type { TableChecksum } from "./table-checksums.server";

const MANIFEST_FILE = "manifest.json";
export const EMBEDDED_PAYLOAD = "pgdata.tar.gz";
export const POSTGRES_PAYLOAD = "database.pgdump";
/** The embedded database's generated secret (DATA_DIR/app-secret), when it has one: two-factor secrets are sealed with it. */
export const APP_SECRET_FILE = "app-secret";

const manifestSchema = z.object({
  format: z.literal("ridgeway-backup"),
  version: z.literal(1),
  kind: z.enum(["embedded", "postgres"]),
  createdAt: z.string(),
  /** How many migrations the database had applied, and the last one's hash. */
  migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
  payload: z.object({ file: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  tables: z.array(z.object({ table: z.string(), rows: z.number().int().min(0), checksum: z.string() })),
  files: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup that restore will not use, with the reason in words for the person running it. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusedError";
  }
}

export interface WrittenBackup {
  fileName: string;
  path: string;
  bytes: number;
  sha256: string;
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const PARTIAL_NAME = /^\.ridgeway-backup-(\d+)-[0-9a-f]+\..+\.partial$/;

/**
 * Removes what backups cut short left behind (their process has ended): a kill -9 leaves only
 * files under a temporary name, never a final one.
 */
export async function removeAbandonedPartials(directory: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const match = PARTIAL_NAME.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    await rm(path.join(directory, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function writeBackupArchive(options: {
  directory: string;
  kind: BackupKind;
  takenAt: Date;
  migrations: BackupManifest["migrations"];
  tables: TableChecksum[];
  payloadFile: string;
  /** Writes the payload to the path given. */
  writePayload: (file: string) => Promise<void>;
  /** Small files to carry beside the payload (name → contents). */
  extraFiles?: Record<string, string>;
}): Promise<WrittenBackup> {
  const { directory } = options;
  await mkdir(directory, { recursive: true });
  await removeAbandonedPartials(directory);
  const base = `.ridgeway-backup-${process.pid}-${randomBytes(6).toString("hex")}`;
  const workDir = path.join(directory, `${base}.files${PARTIAL_SUFFIX}`);
  const archive = path.join(directory, `${base}.tar${PARTIAL_SUFFIX}`);
  try {
    await mkdir(workDir);
    await options.writePayload(path.join(workDir, options.payloadFile));
    const payloadPath = path.join(workDir, options.payloadFile);
    const extra = Object.entries(options.extraFiles ?? {});
    for (const [name, contents] of extra) await writeFile(path.join(workDir, name), contents, { mode: 0o600 });
    const manifest: BackupManifest = {
      format: "ridgeway-backup",
      version: 1,
      kind: options.kind,
      createdAt: options.takenAt.toISOString(),
      migrations: options.migrations,
      payload: { file: options.payloadFile, bytes: (await stat(payloadPath)).size, sha256: await sha256OfFile(payloadPath) },
      tables: options.tables,
      files: extra.map(([name]) => name),
    };
    await writeFile(path.join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Backups hold password hashes and customers' details: readable by the owner only.
    await tar.create({ file: archive, cwd: workDir, portable: true, mode: 0o600 }, [
      MANIFEST_FILE,
      options.payloadFile,
      ...extra.map(([name]) => name),
    ]);
    await flushFile(archive);
    const sha256 = await sha256OfFile(archive);
    const fileName = backupFileName(options.kind, options.takenAt, sha256);
    const finalPath = path.join(directory, fileName);
    await rename(archive, finalPath);
    await flushFile(directory);
    return { fileName, path: finalPath, bytes: (await stat(finalPath)).size, sha256 };
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(archive, { force: true });
  }
}

async function flushFile(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface OpenedBackup {
  manifest: BackupManifest;
  /** The unpacked payload and extra files. */
  directory: string;
  payloadPath: string;
  /** Removes the unpacked files. */
  cleanup(): Promise<void>;
}

/**
 * Checks a backup file and unpacks it into a new directory under `scratchDir`. Refuses a file
 * whose bytes do not match the checksum in its name or whose payload does not match its
 * manifest (cut short, altered, or not a backup at all).
 */
export async function openBackupArchive(file: string, scratchDir: string): Promise<OpenedBackup> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupRefusedError(`There is no backup file at ${file}.`);
  const named = parseBackupFileName(path.basename(file));
  if (named) {
    const sha256 = await sha256OfFile(file);
    if (!sha256.startsWith(named.checksumPrefix)) {
      throw new BackupRefusedError(
        `${path.basename(file)} is damaged: its checksum is ${sha256.slice(0, 16)}, its name says ${named.checksumPrefix} (cut short or altered). Nothing was restored.`,
      );
    }
  }
  await mkdir(scratchDir, { recursive: true });
  const directory = await mkdtemp(path.join(scratchDir, ".ridgeway-restore-"));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  try {
    await tar.extract({ file, cwd: directory, strict: true }).catch((error: Error) => {
      throw new BackupRefusedError(`${path.basename(file)} is not a readable backup archive (${error.message}). Nothing was restored.`);
    });
    const manifestText = await readFile(path.join(directory, MANIFEST_FILE), "utf8").catch(() => {
      throw new BackupRefusedError(`${path.basename(file)} has no manifest: it is not a backup made by this app. Nothing was restored.`);
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(manifestText);
    } catch {
      throw new BackupRefusedError(`${path.basename(file)} has an unreadable manifest. Nothing was restored.`);
    }
    const checked = manifestSchema.safeParse(parsed);
    if (!checked.success)
      throw new BackupRefusedError(`${path.basename(file)} has a manifest this release does not understand. Nothing was restored.`);
    const manifest = checked.data;
    const payloadPath = path.join(directory, path.basename(manifest.payload.file));
    const payloadSha = await sha256OfFile(payloadPath).catch(() => null);
    if (payloadSha !== manifest.payload.sha256) {
      throw new BackupRefusedError(
        `${path.basename(file)} is damaged: its ${manifest.payload.file} does not match the checksum in its manifest. Nothing was restored.`,
      );
    }
    return { manifest, directory, payloadPath, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
