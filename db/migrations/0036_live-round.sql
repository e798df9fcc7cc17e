CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_classifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "session_classifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" text NOT NULL,
	"session_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"rows" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	CONSTRAINT "session_classifications_session_version" UNIQUE("session_id","version"),
	CONSTRAINT "session_classifications_status_check" CHECK ("session_classifications"."status" in ('provisional', 'final'))
);
--> statement-breakpoint
CREATE TABLE "session_states" (
	"session_id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"state" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text,
	"result_overdue_alerted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "session_states_state_check" CHECK ("session_states"."state" in ('scheduled', 'running', 'red_flag', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "ticker_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticker_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" text NOT NULL,
	"client_key" text NOT NULL,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_asset_id" text,
	"driver_id" text,
	"position" integer,
	"session_id" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" text,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ticker_posts_client_key_unique" UNIQUE("client_key"),
	CONSTRAINT "ticker_posts_kind_check" CHECK ("ticker_posts"."kind" in ('text', 'photo', 'position', 'state'))
);
--> statement-breakpoint
ALTER TABLE "round_sessions" ADD COLUMN "id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_classifications" ADD CONSTRAINT "session_classifications_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_classifications" ADD CONSTRAINT "session_classifications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_states" ADD CONSTRAINT "session_states_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_states" ADD CONSTRAINT "session_states_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_posts" ADD CONSTRAINT "ticker_posts_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_posts" ADD CONSTRAINT "ticker_posts_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_posts" ADD CONSTRAINT "ticker_posts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_posts" ADD CONSTRAINT "ticker_posts_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_round_idx" ON "live_events" USING btree ("round_id","id");--> statement-breakpoint
CREATE INDEX "session_classifications_round_idx" ON "session_classifications" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "ticker_posts_round_idx" ON "ticker_posts" USING btree ("round_id","posted_at");--> statement-breakpoint
ALTER TABLE "round_sessions" ADD CONSTRAINT "round_sessions_id_unique" UNIQUE("id");