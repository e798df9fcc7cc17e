CREATE TABLE "legal_documents" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body_markdown" text NOT NULL,
	"revised_on" date NOT NULL
);
