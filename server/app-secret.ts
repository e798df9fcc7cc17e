import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret that signs sessions, tokens and test payment events. Production
 * sets AUTH_SECRET (the same value on every process); without it a random
 * secret is generated once and kept in DATA_DIR so restarts keep sessions.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string, warn: (message: string) => void): string {
  if (configured) return configured;
  const file = path.join(dataDir, "app-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  warn(`AUTH_SECRET is not set: generated one and saved it in ${file}. Set AUTH_SECRET in production, the same on every process.`);
  return secret;
}
