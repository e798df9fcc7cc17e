import { z } from "~/lib/zod";

/** What the History panel's Restore button posts (see HistoryPanel in audit-views.tsx). */
export const RESTORE_INTENT = "restore-version";

export const restoreVersionSchema = z.object({
  intent: z.literal(RESTORE_INTENT),
  eventId: z.coerce
    .number({ message: "Choose a version to restore." })
    .int("Choose a version to restore.")
    .positive("Choose a version to restore."),
  version: z.coerce
    .number({ message: "Reload the page and try again." })
    .int("Reload the page and try again.")
    .positive("Reload the page and try again."),
});

export type RestoreVersionForm = z.output<typeof restoreVersionSchema>;
