const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long a session lasts (docs/decisions/0015-accounts-better-auth-sessions.md).
 * - Remember me: the cookie and the session live 30 days from the last visit
 *   (extended at most once a day), and never more than 90 days from sign-in.
 * - Not remembered: a browser-session cookie (no Max-Age), and the server
 *   forgets the session 24 hours after sign-in whatever happens.
 */
export const SESSION_LIMITS = {
  rememberedIdleSeconds: 30 * DAY_SECONDS,
  refreshEverySeconds: DAY_SECONDS,
  absoluteSeconds: 90 * DAY_SECONDS,
  /** Set by better-auth itself for a session without Remember me. */
  notRememberedSeconds: DAY_SECONDS,
} as const;

/** Whether a session signed in at `createdAt` has passed the absolute limit. */
export function pastAbsoluteLimit(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() >= SESSION_LIMITS.absoluteSeconds * 1000;
}
