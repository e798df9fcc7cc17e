import commonPasswordList from "./common-passwords.txt?raw";
import { passwordLengthError, PASSWORD_MESSAGES } from "./password-policy";

/**
 * The 10,000 most common passwords, lower case, one a line (source and how to
 * regenerate: docs/decisions/0009-accounts-password-policy.md). Bundled into
 * the server build only: this module is server-only, so the browser never gets it.
 */
let commonPasswords: ReadonlySet<string> | undefined;

function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(commonPasswordList.split("\n").filter((line) => line !== ""));
  return commonPasswords;
}

/** Whether the password is on the common-password list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.toLowerCase());
}

/** How many passwords the list refuses (for tests and logs). */
export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

/**
 * Checks a new password against the whole policy: 8 to 128 characters and not
 * one of the most common passwords. Returns the message to show by the field,
 * or null when the password is acceptable.
 */
export function passwordPolicyError(password: string): string | null {
  return passwordLengthError(password) ?? (isCommonPassword(password) ? PASSWORD_MESSAGES.common : null);
}
