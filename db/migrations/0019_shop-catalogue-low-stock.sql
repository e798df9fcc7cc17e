-- A size's stock falling below its low-stock threshold is marked on the row itself, whatever
-- moved it: a desk adjustment, a CSV, or a sale reserved by the place_order function. The
-- shop desk's sender (app/features/shop-desk/stock.server.ts, sendLowStockAlerts) mails each
-- crossing once: it queues the e-mail when low_stock_alerted_at differs from low_stock_since.
-- Back at or above the threshold, the mark is cleared, so the next fall is a new crossing.
CREATE FUNCTION "mark_low_stock"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.low_stock_threshold > 0 AND NEW.stock < NEW.low_stock_threshold THEN
    IF NEW.low_stock_since IS NULL THEN
      NEW.low_stock_since := clock_timestamp();
    END IF;
  ELSE
    NEW.low_stock_since := NULL;
    NEW.low_stock_alerted_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- WHEN keeps the function out of the checkout's way: a size without an alert level that is not
-- marked low (every size until staff set a level) never runs it.
CREATE TRIGGER "product_variants_mark_low_stock_insert"
BEFORE INSERT ON "product_variants"
FOR EACH ROW WHEN (NEW.low_stock_threshold > 0) EXECUTE FUNCTION "mark_low_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_mark_low_stock"
BEFORE UPDATE OF "stock", "low_stock_threshold" ON "product_variants"
FOR EACH ROW WHEN (NEW.low_stock_threshold > 0 OR NEW.low_stock_since IS NOT NULL) EXECUTE FUNCTION "mark_low_stock"();
