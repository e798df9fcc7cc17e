import { data } from "react-router";
import { auditedWrite, type AuditContext, type AuditEntry, type Tx } from "../audit.server";
import { BACK_OFFICE_HEADERS, type StaffUser } from "../staff.server";

/** What a desk action answers: a message, and field errors when the input was refused. */
export interface DeskActionResult {
  tone: "success" | "error";
  message: string;
  errors: Record<string, string>;
}

/** A refusal the screen shows beside a field (not a conflict): thrown inside the write, so nothing is saved. */
export class DeskInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "DeskInputError";
  }
}

/**
 * Runs one desk write through auditedWrite and turns its outcome into the
 * action's answer: 200 with `success`, 409 when someone else saved first (their
 * change is kept), 400 when the write refused the input (nothing saved).
 */
export async function deskWrite<T>(
  context: AuditContext,
  staff: StaffUser,
  work: (tx: Tx) => Promise<{ value: T; audit: AuditEntry[] }>,
  success: (value: T) => string,
) {
  try {
    const result = await auditedWrite(context, staff, work);
    if (!result.ok) {
      return data<DeskActionResult>({ tone: "error", message: result.message, errors: {} }, { status: 409, headers: BACK_OFFICE_HEADERS });
    }
    return data<DeskActionResult>({ tone: "success", message: success(result.value), errors: {} }, { headers: BACK_OFFICE_HEADERS });
  } catch (error) {
    if (!(error instanceof DeskInputError)) throw error;
    return data<DeskActionResult>(
      { tone: "error", message: error.message, errors: { [error.field]: error.message } },
      { status: 400, headers: BACK_OFFICE_HEADERS },
    );
  }
}

export function deskInputRefused(errors: Record<string, string>, message = "Please correct the fields marked below.") {
  return data<DeskActionResult>({ tone: "error", message, errors }, { status: 400, headers: BACK_OFFICE_HEADERS });
}
