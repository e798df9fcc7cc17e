/** How long a soft-deleted record can be brought back. */
export const UNDO_DELETE_DAYS = 30;
const UNDO_DELETE_MS = UNDO_DELETE_DAYS * 24 * 60 * 60 * 1000;

/** Whether a record deleted at `deletedAt` may still be restored at `now`. */
export function canUndoDelete(deletedAt: Date | null, now: Date): boolean {
  if (!deletedAt) return false;
  return now.getTime() - deletedAt.getTime() <= UNDO_DELETE_MS;
}

/** The last moment a deletion can be undone. */
export function undoDeadline(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + UNDO_DELETE_MS);
}
