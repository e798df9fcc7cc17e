import type { AuditContext } from "../audit.server";
import { restoreVersionSchema } from "../history-form";
import { restoreFromHistory, type RestoreTarget } from "../history.server";
import type { StaffUser } from "../staff.server";
import { deskAnswer } from "./answer.server";

/** What a press of the History panel's Restore button comes to, before a page shapes its answer. */
export interface RestoreReply {
  tone: "success" | "error";
  message: string;
  /** 200, 400 (bad form), 404 (no such version, or the record is gone) or 409 (someone saved since). */
  status: 200 | 400 | 404 | 409;
}

const RESTORED = "The earlier version is back. The change is in the History.";

/**
 * The one restore path of the back office: reads the Restore button's form (its event and the
 * version the person was looking at), sets the record back through restoreFromHistory, and says
 * what came of it. `restored` is the page's own words for a restore that worked.
 */
export async function restoreVersion<Row>(
  context: AuditContext,
  actor: StaffUser,
  form: FormData | URLSearchParams | Record<string, string>,
  target: RestoreTarget<Row>,
  restored = RESTORED,
): Promise<RestoreReply> {
  const fields = form instanceof FormData || form instanceof URLSearchParams ? Object.fromEntries(form) : form;
  const parsed = restoreVersionSchema.safeParse(fields);
  if (!parsed.success) return { tone: "error", message: parsed.error.issues[0]!.message, status: 400 };
  const outcome = await restoreFromHistory(context, actor, target, { eventId: parsed.data.eventId, expectedVersion: parsed.data.version });
  if (outcome.ok) return { tone: "success", message: restored, status: 200 };
  return { tone: "error", message: outcome.message, status: outcome.kind === "conflict" ? 409 : 404 };
}

/**
 * An edit page's action for the History panel's Restore button, for a page whose answer is
 * `{ tone, message }`: restoreVersion, answered with its status and the back office's headers.
 *
 *   if (form.get("intent") === RESTORE_INTENT) return restoreAction(context, staff, form, legalDocumentRestoreTarget(slug));
 */
export async function restoreAction<Row>(context: AuditContext, actor: StaffUser, form: FormData, target: RestoreTarget<Row>) {
  const { status, ...reply } = await restoreVersion(context, actor, form, target);
  return deskAnswer(reply, status);
}
