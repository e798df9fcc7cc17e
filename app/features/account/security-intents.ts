/** The forms of the Security page (/dashboard/security), each posted with one of these intents. */
export const SECURITY_INTENTS = [
  "resend-verification",
  "two-factor-start",
  "two-factor-confirm",
  "two-factor-cancel",
  "two-factor-disable",
  "sign-out-others",
  "delete-account",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export function isSecurityIntent(value: unknown): value is SecurityIntent {
  return (SECURITY_INTENTS as readonly unknown[]).includes(value);
}

export interface SecurityActionData {
  intent: SecurityIntent;
  tone: "error" | "success";
  message: string;
  /** Shown once, right after two-factor is confirmed. */
  backupCodes?: string[];
}
