/*
 * What kind of session a timetable line is, by its name, and how long it runs when the timetable
 * gives only a start: one rule for the round page's live state, the calendar feeds and the results
 * sheet's race count.
 */

/** A session named "Race …" ("Race 1", "Race 2 (reversed grid)") is a race. */
export const isRaceSession = (name: string): boolean => /^race\b/i.test(name.trim());

/** "Qualifying", "Qualifying 2", "Combined qualifying". */
export const isQualifyingSession = (name: string): boolean => /\bqualif/i.test(name);

/** Minutes a session that is not a race runs (practice, qualifying): the timetable gives no length. */
export const DEFAULT_SESSION_MINUTES = 20;

/** How long a session runs: a race the round's race length, any other session the default. */
export function sessionMinutes(name: string, raceLengthMinutes: number): number {
  return isRaceSession(name) ? raceLengthMinutes : DEFAULT_SESSION_MINUTES;
}
