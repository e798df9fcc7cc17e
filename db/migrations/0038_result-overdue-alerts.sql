CREATE TABLE "result_overdue_alerts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_overdue_alerts" ADD CONSTRAINT "result_overdue_alerts_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_states" DROP COLUMN "result_overdue_alerted_at";