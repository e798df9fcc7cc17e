ALTER TABLE "product_variants" ALTER COLUMN "low_stock_threshold" SET DEFAULT 5;--> statement-breakpoint
-- Every size so far had the old default, 0 (no alert), which nobody chose: a sold-out cap and one
-- with 3 left showed as fine on Today. They take the new default (ADR 0104); the low-stock
-- trigger marks those already below it, so shop staff get one e-mail about them.
UPDATE "product_variants" SET "low_stock_threshold" = 5 WHERE "low_stock_threshold" = 0;
