/** A round's public page, and each of its sessions' calendar file. */
export const roundPagePath = (roundId: string) => `/calendar/${encodeURIComponent(roundId)}`;
export const sessionIcsPath = (roundId: string, sessionId: string) =>
  `/calendar/${encodeURIComponent(roundId)}/sessions/${encodeURIComponent(sessionId)}.ics`;
