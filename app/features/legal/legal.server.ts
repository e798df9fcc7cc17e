import { eq } from "drizzle-orm";
import { marked } from "marked";
import type { Database } from "../../../db/client.server";
import { legalDocuments } from "../../../db/schema";

export const legalSlugs = ["terms", "privacy", "cookies", "returns"] as const;
export type LegalSlug = (typeof legalSlugs)[number];

export function isLegalSlug(value: string): value is LegalSlug {
  return (legalSlugs as readonly string[]).includes(value);
}

export async function getLegalDocument(db: Database, slug: LegalSlug) {
  const [document] = await db.select().from(legalDocuments).where(eq(legalDocuments.slug, slug));
  if (!document) return null;
  return {
    title: document.title,
    description: document.description,
    revisedOn: document.revisedOn,
    // The text comes from the team's own content files, not from visitors.
    html: await marked.parse(document.bodyMarkdown, { gfm: true }),
  };
}
