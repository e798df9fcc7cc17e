CREATE TABLE "email_bounces" (
	"address" text PRIMARY KEY NOT NULL,
	"first_bounced_at" timestamp with time zone NOT NULL,
	"last_bounced_at" timestamp with time zone NOT NULL,
	"bounces" integer DEFAULT 1 NOT NULL,
	"last_response" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_outbox_unsent_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."failed_at" is null;