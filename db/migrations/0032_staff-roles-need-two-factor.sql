ALTER TABLE "sessions" ADD COLUMN "step_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD COLUMN "two_factor_id" text;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_two_factor_id_two_factors_id_fk" FOREIGN KEY ("two_factor_id") REFERENCES "public"."two_factors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Roles held today stay in effect for holders who have two-factor on (the back office already
-- required it); a role whose holder has not turned it on waits for an admin to confirm it once
-- they have (ADR 0100).
UPDATE "staff_roles" SET "two_factor_id" = "two_factors"."id"
FROM "two_factors" JOIN "users" ON "users"."id" = "two_factors"."user_id"
WHERE "two_factors"."user_id" = "staff_roles"."user_id" AND "two_factors"."verified" AND "users"."two_factor_enabled";
