import { legalDocuments } from "../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditContext,
  type AuditedWriteResult,
  type VersionedTable,
} from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import type { StaffUser } from "~/features/admin/staff.server";
import type { JsonObject } from "~/lib/json-diff";
import type { LegalSlug } from "./legal.server";

/*
 * Editing the legal pages' text from the back office: an audited, version-checked save, and
 * restoring an earlier text from the History. (The edit screen itself is not built yet.)
 */

export const LEGAL_DOCUMENT: VersionedTable<typeof legalDocuments> = {
  table: legalDocuments,
  id: legalDocuments.slug,
  entityType: "legal_document",
};

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type LegalDocumentText = Pick<LegalDocumentRow, "title" | "description" | "bodyMarkdown" | "revisedOn">;

/** Saves a legal page's text over version `expectedVersion`; a conflict if someone saved since. */
export async function saveLegalDocument(
  context: AuditContext,
  staff: StaffUser,
  slug: LegalSlug,
  expectedVersion: number,
  text: LegalDocumentText,
  reason?: string | null,
): Promise<AuditedWriteResult<LegalDocumentRow>> {
  return auditedWrite(context, staff, async (tx) => {
    const before = await lockRecord(tx, LEGAL_DOCUMENT, slug);
    const after = await updateVersioned(tx, LEGAL_DOCUMENT, slug, expectedVersion, text);
    return {
      value: after,
      audit: { action: "update", entityType: LEGAL_DOCUMENT.entityType, entityId: slug, entityLabel: after.title, before, after, reason },
    };
  });
}

/**
 * How restoreFromHistory sets a legal page back to an earlier text. With `revisedOn`, the
 * restored text is dated that day (the back office passes today: bringing an old text back is
 * a new revision of the page); without it, the snapshot's own date comes back too.
 */
export function legalDocumentRestoreTarget(slug: LegalSlug, { revisedOn }: { revisedOn?: string } = {}): RestoreTarget<LegalDocumentRow> {
  return {
    entityType: LEGAL_DOCUMENT.entityType,
    entityId: slug,
    load: (tx) => lockRecord(tx, LEGAL_DOCUMENT, slug),
    apply: (tx, snapshot, expectedVersion) =>
      updateVersioned(tx, LEGAL_DOCUMENT, slug, expectedVersion, { ...legalTextOf(snapshot), ...(revisedOn ? { revisedOn } : {}) }),
  };
}

function legalTextOf(snapshot: JsonObject): LegalDocumentText {
  const text = (key: keyof LegalDocumentText) => {
    const value = snapshot[key];
    if (typeof value !== "string") throw new Error(`legal_document snapshot: ${key} is missing`);
    return value;
  };
  return { title: text("title"), description: text("description"), bodyMarkdown: text("bodyMarkdown"), revisedOn: text("revisedOn") };
}
