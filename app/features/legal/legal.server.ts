import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { legalDocuments } from "../../../db/schema";
import { renderMarkdown } from "~/lib/markdown.server";

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
    html: renderMarkdown(document.bodyMarkdown),
  };
}
