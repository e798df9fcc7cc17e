CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"published_on" date NOT NULL,
	"category" text NOT NULL,
	"venue" text NOT NULL,
	"image" text NOT NULL,
	"object_position" text DEFAULT 'center' NOT NULL,
	"excerpt" text NOT NULL,
	"body_markdown" text NOT NULL,
	"author_name" text,
	"author_title" text,
	"author_image" text,
	"author_linkedin" text,
	"podcast_youtube_url" text,
	"podcast_spotify_url" text,
	"hero_title" text,
	"hero_subtitle" text
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"racing_class" text NOT NULL,
	"role" text NOT NULL,
	"image" text NOT NULL,
	"object_position" text DEFAULT 'center' NOT NULL,
	"bio" text NOT NULL,
	"achievements" jsonb NOT NULL,
	"career_highlights" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "female_side_members" (
	"id" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"image" text NOT NULL,
	"video" text,
	"bio" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"title" text NOT NULL,
	"circuit" text NOT NULL,
	"date_text" text NOT NULL,
	"description" text NOT NULL,
	"alt" text NOT NULL,
	"object_position" text DEFAULT 'center' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"website" text NOT NULL,
	"logo" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"published_on" date NOT NULL,
	"description" text NOT NULL,
	"thumbnail" text NOT NULL,
	"youtube_url" text NOT NULL,
	"spotify_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_results" (
	"round_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"racing_class" text NOT NULL,
	"races" jsonb NOT NULL,
	"pole" boolean DEFAULT false NOT NULL,
	"driver_of_day" boolean DEFAULT false NOT NULL,
	CONSTRAINT "round_results_round_id_driver_id_pk" PRIMARY KEY("round_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "round_sessions" (
	"round_id" text NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"time" text,
	CONSTRAINT "round_sessions_round_id_sort_order_pk" PRIMARY KEY("round_id","sort_order")
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"season_year" integer NOT NULL,
	"round_number" integer NOT NULL,
	"name" text NOT NULL,
	"circuit" text NOT NULL,
	"circuit_slug" text NOT NULL,
	"location" text NOT NULL,
	"organizer" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"flag_code" text NOT NULL,
	"circuit_url" text NOT NULL,
	"layout_image" text NOT NULL,
	"circuit_length_miles" double precision NOT NULL,
	"circuit_turns" integer NOT NULL,
	"race_length_minutes" integer NOT NULL,
	"weather" text,
	"track_temperature_c" integer,
	CONSTRAINT "rounds_season_round_unique" UNIQUE("season_year","round_number")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"year" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorship_tiers" (
	"tier" text PRIMARY KEY NOT NULL,
	"sort_order" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"period" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"department" text NOT NULL,
	"group" text NOT NULL,
	"image" text NOT NULL,
	"video" text,
	"bio" text NOT NULL,
	"full_bio" text NOT NULL,
	"specialties" jsonb NOT NULL,
	"achievements" jsonb NOT NULL,
	"career_highlights" jsonb NOT NULL,
	"philosophy" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "round_results" ADD CONSTRAINT "round_results_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_results" ADD CONSTRAINT "round_results_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_sessions" ADD CONSTRAINT "round_sessions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_season_year_seasons_year_fk" FOREIGN KEY ("season_year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_on");--> statement-breakpoint
CREATE INDEX "round_results_driver_idx" ON "round_results" USING btree ("driver_id");