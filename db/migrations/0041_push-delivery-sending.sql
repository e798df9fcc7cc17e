-- A delivery is `sending` from just before its request goes out, and never claimed again (ADR 0147).
ALTER TABLE "push_deliveries" DROP CONSTRAINT "push_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_status_check" CHECK ("push_deliveries"."status" in ('pending', 'sending', 'sent', 'failed'));