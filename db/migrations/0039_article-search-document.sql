-- An article's words as a full-text document, kept by the database (ADR 0144): title, excerpt and
-- the body's text (its text nodes, not its markup or link addresses). Declared here only, not in
-- db/schema/news.ts, so no select of whole article rows (pages, the desk, the activity log) carries it.
ALTER TABLE "articles" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "excerpt" || ' ' || coalesce(jsonb_path_query_array("body", 'strict $.**.text')::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "articles_search_document_idx" ON "articles" USING gin ("search_document");
