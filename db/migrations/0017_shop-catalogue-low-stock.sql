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
CREATE TRIGGER "product_variants_mark_low_stock"
BEFORE INSERT OR UPDATE OF "stock", "low_stock_threshold" ON "product_variants"
FOR EACH ROW EXECUTE FUNCTION "mark_low_stock"();
