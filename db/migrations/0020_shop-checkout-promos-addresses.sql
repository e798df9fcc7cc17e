CREATE TABLE "customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"ships_to" jsonb NOT NULL,
	"shipping_method_name" text NOT NULL,
	"flat_rate_pence" integer NOT NULL,
	"free_above_pence" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_rate_check" CHECK ("shop_settings"."flat_rate_pence" >= 0 and ("shop_settings"."free_above_pence" is null or "shop_settings"."free_above_pence" >= 0))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_amount_off_pence" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount_off_pence" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "min_spend_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_user_idx" ON "customer_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_pending_email_idx" ON "orders" USING btree (lower("customer_email")) WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_promo_customer_idx" ON "orders" USING btree ("promo_code",lower("customer_email")) WHERE "orders"."promo_code" is not null;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount_check" CHECK ("promo_codes"."amount_off_pence" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_one_kind_check" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off_pence" is null));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_min_spend_check" CHECK ("promo_codes"."min_spend_pence" >= 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_per_customer_check" CHECK ("promo_codes"."per_customer_limit" is null or "promo_codes"."per_customer_limit" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_window_check" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."expires_at" is null or "promo_codes"."expires_at" > "promo_codes"."starts_at");