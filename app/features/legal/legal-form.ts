import { longText, reasonField, requiredText, versionField } from "~/features/admin/desk/desk-fields";
import { ukIsoDate } from "~/lib/dates";
import { z } from "~/lib/zod";

/** A legal page's edit form. The revision date is not typed: a save is dated the day it is made. */
export const legalDocumentFormSchema = z.object({
  title: requiredText("title", 120),
  description: requiredText("description", 300),
  bodyMarkdown: longText("text"),
  version: versionField,
  reason: reasonField,
});

/** Today's date in the UK (YYYY-MM-DD): the date a revision saved `now` carries. */
export function ukDate(now: Date): string {
  return ukIsoDate(now);
}
