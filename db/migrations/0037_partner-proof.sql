CREATE TABLE "partner_contacts" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"last_report_month" text
);
--> statement-breakpoint
CREATE TABLE "partner_daily_counts" (
	"partner_id" text NOT NULL,
	"placement_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_daily_counts_partner_id_placement_id_day_metric_pk" PRIMARY KEY("partner_id","placement_id","day","metric")
);
--> statement-breakpoint
CREATE TABLE "partner_deliverables" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"round_id" text NOT NULL,
	"kind" text NOT NULL,
	"promised" integer NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"evidence_asset_id" text,
	"evidence_url" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_deliverables_counts" CHECK ("partner_deliverables"."promised" >= 0 and "partner_deliverables"."delivered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_hit_log_offsets" (
	"path" text PRIMARY KEY NOT NULL,
	"inode" text NOT NULL,
	"offset" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_placements" (
	"partner_id" text NOT NULL,
	"placement_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_placements_partner_id_placement_id_pk" PRIMARY KEY("partner_id","placement_id")
);
--> statement-breakpoint
CREATE TABLE "partner_report_links" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	CONSTRAINT "partner_report_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_daily_counts" ADD CONSTRAINT "partner_daily_counts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliverables" ADD CONSTRAINT "partner_deliverables_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliverables" ADD CONSTRAINT "partner_deliverables_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliverables" ADD CONSTRAINT "partner_deliverables_evidence_asset_id_media_assets_id_fk" FOREIGN KEY ("evidence_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_placements" ADD CONSTRAINT "partner_placements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_report_links" ADD CONSTRAINT "partner_report_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_report_links" ADD CONSTRAINT "partner_report_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_daily_counts_day_idx" ON "partner_daily_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "partner_deliverables_partner_idx" ON "partner_deliverables" USING btree ("partner_id","round_id");--> statement-breakpoint
CREATE INDEX "partner_report_links_partner_idx" ON "partner_report_links" USING btree ("partner_id");