ALTER TABLE "drivers" ADD COLUMN "photo_asset_id" text;--> statement-breakpoint
ALTER TABLE "female_side_members" ADD COLUMN "photo_asset_id" text;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "photo_asset_id" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "logo_asset_id" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "photo_asset_id" text;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "photo_asset_id" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_photo_asset_id_media_assets_id_fk" FOREIGN KEY ("photo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "female_side_members" ADD CONSTRAINT "female_side_members_photo_asset_id_media_assets_id_fk" FOREIGN KEY ("photo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_photo_asset_id_media_assets_id_fk" FOREIGN KEY ("photo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_logo_asset_id_media_assets_id_fk" FOREIGN KEY ("logo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_asset_id_media_assets_id_fk" FOREIGN KEY ("photo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD CONSTRAINT "hero_slides_photo_asset_id_media_assets_id_fk" FOREIGN KEY ("photo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;