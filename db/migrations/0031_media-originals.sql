-- ADR 0094: an original is served only once its location and camera data are gone (the server
-- cleans the ones stored before this, then records when), under a key no variant address reveals.
ALTER TABLE "media_assets" ADD COLUMN "original_cleaned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_original_key_unique" UNIQUE("original_key");