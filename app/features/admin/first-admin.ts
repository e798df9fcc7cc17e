/*
 * The first admin, made without a shell (docs/decisions/0108-first-admin-without-a-shell.md):
 * while no account holds the admin role, whoever enters the set-up code the server printed
 * to its log, from a signed-in account with two-factor on, becomes the admin. This module is
 * the part the browser may see: the code's shape, and the page's words.
 */

/** Crockford's base32: no I, L, O or U, so a code read off a log viewer is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The generated code's length in characters: 20 × 5 bits = 100 bits, in four groups of five. */
export const SETUP_CODE_LENGTH = 20;
/** A code set in FIRST_ADMIN_CODE must be at least this long (80 bits), and at most the other. */
export const SETUP_CODE_MIN_LENGTH = 16;
export const SETUP_CODE_MAX_LENGTH = 64;

/** The page's address; also printed with the code. */
export const FIRST_ADMIN_SETUP_PATH = "/admin/setup";

/** Tries at the code: per client address and per account, in a window (the code holds 100 bits; this keeps logs quiet). */
export const SETUP_ATTEMPT_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

/** Writes the first SETUP_CODE_LENGTH × 5 bits of `bytes` as a code in groups of five: "7K2QM-…". */
export function formatSetupCode(bytes: Uint8Array): string {
  if (bytes.length * 8 < SETUP_CODE_LENGTH * 5)
    throw new Error(`formatSetupCode needs at least ${Math.ceil((SETUP_CODE_LENGTH * 5) / 8)} bytes`);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < SETUP_CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === SETUP_CODE_LENGTH) break;
  }
  return out.match(/.{1,5}/g)!.join("-");
}

/**
 * A typed or configured code in one canonical form (capitals, no spaces or hyphens, O read as
 * 0 and I or L as 1, as Crockford's base32 allows), or null when it cannot be a set-up code.
 */
export function normaliseSetupCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 200) return null;
  const code = input
    .replace(/[\s-]+/g, "")
    .toUpperCase()
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (code.length < SETUP_CODE_MIN_LENGTH || code.length > SETUP_CODE_MAX_LENGTH) return null;
  return [...code].every((character) => ALPHABET.includes(character)) ? code : null;
}

export const FIRST_ADMIN_MESSAGES = {
  codeFormat: "Enter the set-up code exactly as the server's log shows it: groups of letters and digits, such as 7K2QM-…",
  wrongCode:
    "That is not the set-up code. Copy it again from the server's log (the line that says “first admin set-up code”); nothing was changed.",
  needsTwoFactor:
    "Turn on two-factor authentication first: the admin can change everything on the site, so a password alone must not be enough. " +
    "Turn it on at Dashboard → Security, then come back to this page.",
  tooManyTries: (minutes: number) => `Too many tries at the set-up code. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  alreadySetUp: "This site already has an admin, so the set-up code no longer works. Ask an admin to give you a role at People.",
} as const;
