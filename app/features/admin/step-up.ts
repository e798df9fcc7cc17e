import { isRouteErrorResponse } from "react-router";

/*
 * The back office's step-up (docs/decisions/0100): before a sensitive change (staff roles, site
 * settings, refunds, sending a newsletter) the staff member must have proved it is them, with a
 * code from their authenticator app or their password, within the last STEP_UP_MINUTES. If not,
 * the change is refused with the "Confirm it's you" screen, which carries the form's fields
 * through so that one more submission confirms and makes the change.
 */

export const STEP_UP_MINUTES = 10;

/** The confirm screen's own fields; removed from the form before the action reads it. */
export const STEP_UP_FIELDS = { code: "stepUpCode", password: "stepUpPassword" } as const;

export const STEP_UP_MESSAGES = {
  required: "Confirm it's you to make this change.",
  missing: "Enter the 6-digit code from your authenticator app, or your password.",
} as const;

/** What the confirm screen needs, sent with the refusal. */
export interface StepUpPrompt {
  /** What is about to happen, in the staff member's words ("Give Erin Editor <erin@…> the Editor role"). */
  summary: string;
  /** The submitted form's fields, in order, to send again with the code. */
  fields: Array<[string, string]>;
  /** Why the last try did not work, or null on the first ask. */
  error: string | null;
}

/** Whether a confirmation at `at` still covers a change at `now`. */
export function isStepUpFresh(at: Date | null, now: Date): boolean {
  if (!at) return false;
  const age = now.getTime() - at.getTime();
  return age >= 0 && age < STEP_UP_MINUTES * 60_000;
}

/** The step-up prompt inside a route error (the action's refusal), or null for any other error. */
export function stepUpPromptOf(error: unknown): StepUpPrompt | null {
  if (!isRouteErrorResponse(error)) return null;
  const prompt = (error.data as { stepUp?: unknown } | null)?.stepUp;
  if (typeof prompt !== "object" || prompt === null) return null;
  const { summary, fields, error: message } = prompt as Record<string, unknown>;
  if (typeof summary !== "string" || !Array.isArray(fields)) return null;
  const pairs = fields.filter(
    (field): field is [string, string] => Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string",
  );
  return { summary, fields: pairs, error: typeof message === "string" ? message : null };
}
