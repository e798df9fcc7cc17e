ALTER TABLE "articles" ADD COLUMN "staged_content" jsonb;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "staged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "staged_by" text;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_staged_by_users_id_fk" FOREIGN KEY ("staged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;