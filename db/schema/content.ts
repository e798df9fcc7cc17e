import { date, pgTable, text } from "drizzle-orm/pg-core";

export const legalDocuments = pgTable("legal_documents", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  bodyMarkdown: text("body_markdown").notNull(),
  /** The date the text was last revised: what the page shows as "Last updated". */
  revisedOn: date("revised_on").notNull(),
});
