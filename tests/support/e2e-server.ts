import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The port and data directory of the server the browser tests run against. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
// Outside test-results/, which Playwright empties when a run starts.
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `ridgeway-e2e-${e2ePort}`);

export interface PickedUpEmail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** E-mails the e2e server has "sent" (written to its pickup directory) to one address. */
export function emailsTo(address: string): PickedUpEmail[] {
  const dir = path.join(e2eDataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as PickedUpEmail)
    .filter((email) => email.to === address);
}

/** A unique address per test run, so runs and retries never see each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
