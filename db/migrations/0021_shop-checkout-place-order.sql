-- Promo uses are now reserved when an order is placed (not counted at payment): the unpaid
-- orders that already carry a code take their use now.
UPDATE promo_codes p SET used_count = p.used_count + pending.n
FROM (
  SELECT promo_code, count(*)::int AS n FROM orders
  WHERE status = 'pending_payment' AND promo_code IS NOT NULL GROUP BY promo_code
) pending
WHERE p.code = pending.promo_code;
--> statement-breakpoint

-- Closes unpaid orders (expired, failed, cancelled) and gives back what they held, in one call:
-- their stock and their promo code uses. Orders no longer pending are skipped, so nothing is
-- given back twice. Locks are taken in the order every writer uses: orders, promo codes (by
-- code), sizes (by id). Returns how many orders it closed. ADR 0032.
CREATE FUNCTION "release_orders"("ids" uuid[], "new_status" text, "at" timestamptz) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  closing uuid[];
BEGIN
  SELECT coalesce(array_agg(c.id), '{}') INTO closing FROM (
    SELECT o.id FROM orders o WHERE o.id = ANY(ids) AND o.status = 'pending_payment'
    ORDER BY o.id FOR NO KEY UPDATE
  ) c;
  IF cardinality(closing) = 0 THEN
    RETURN 0;
  END IF;

  PERFORM 1 FROM promo_codes p
  WHERE p.code IN (SELECT o.promo_code FROM orders o WHERE o.id = ANY(closing))
  ORDER BY p.code FOR NO KEY UPDATE;
  UPDATE promo_codes p SET used_count = greatest(p.used_count - uses.n, 0)
  FROM (
    SELECT o.promo_code, count(*)::int AS n FROM orders o
    WHERE o.id = ANY(closing) AND o.promo_code IS NOT NULL GROUP BY o.promo_code
  ) uses
  WHERE p.code = uses.promo_code;

  PERFORM 1 FROM product_variants v
  WHERE v.id IN (SELECT l.variant_id FROM order_lines l WHERE l.order_id = ANY(closing))
  ORDER BY v.id FOR NO KEY UPDATE;
  UPDATE product_variants v SET stock = v.stock + back.quantity
  FROM (
    SELECT l.variant_id, sum(l.quantity)::int AS quantity FROM order_lines l
    WHERE l.order_id = ANY(closing) GROUP BY l.variant_id
  ) back
  WHERE v.id = back.variant_id;

  UPDATE orders SET status = new_status, closed_at = at, stock_released_at = at WHERE id = ANY(closing);
  RETURN cardinality(closing);
END
$$;
--> statement-breakpoint

-- Places an order in one call (ADR 0019), now with the fair-hold rules (ADR 0033) and the promo
-- code's use (ADR 0032), all or nothing:
--   1. the customer's open unpaid orders (same e-mail) are counted under an advisory lock, and
--      the order is refused past `holds_per_customer`;
--   2. the same for the client address's open unpaid orders and `holds_per_client`;
--   3. the promo code's row is locked and its limits checked (total uses, this customer's uses);
--   4. every line's stock is reserved only when every line has enough and no line holds more
--      than `hold_share_percent` of what is left of its size (at least one unit); the order and
--      its lines are inserted;
--   5. the promo use is taken.
-- Returns the new order's id. Any refusal raises 'place_order:<reason>' (SQLSTATE P0001) so the
-- whole call is undone: stock, customer_holds, client_holds, promo_used_up, promo_customer_limit, promo_unusable.
-- The caller prices the lines first (app/features/store/orders.server.ts); this stores what it
-- is given.
--
--   new_order: {order_number, customer_name, customer_email, customer_phone, notes,
--               shipping_address, shipping_method, subtotal_pence, discount_pence,
--               shipping_pence, total_pence, promo_code, promo_percent_off,
--               promo_amount_off_pence, payment_provider, provider_session_id, user_id,
--               client_key, created_at, expires_at, holds_per_customer, holds_per_client,
--               hold_share_percent}
--   new_lines: [{line_number, product_id, variant_id, size, product_name, unit_price_pence,
--                quantity}, ...] with each variant at most once
CREATE OR REPLACE FUNCTION "place_order"("new_order" jsonb, "new_lines" jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  placed uuid;
  -- Typed scalars, not a record: the statements below keep one plan each.
  order_email text := lower(new_order->>'customer_email');
  order_promo text := new_order->>'promo_code';
  order_client text := new_order->>'client_key';
  order_at timestamptz := (new_order->>'created_at')::timestamptz;
  holds_per_customer int := (new_order->>'holds_per_customer')::int;
  holds_per_client int := (new_order->>'holds_per_client')::int;
  hold_share int := (new_order->>'hold_share_percent')::int;
  promo record;
  open_holds int;
  customer_uses int;
BEGIN
  -- Each count runs after its advisory lock is held, with a fresh snapshot: two checkouts of
  -- one customer (or client) are counted one after the other, whichever process runs them.
  IF holds_per_customer IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('order-holds-customer:' || order_email));
    SELECT count(*) INTO open_holds FROM orders c
    WHERE c.status = 'pending_payment' AND lower(c.customer_email) = order_email;
    IF open_holds >= holds_per_customer THEN
      RAISE EXCEPTION 'place_order:customer_holds' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF order_client IS NOT NULL AND holds_per_client IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('order-holds-client:' || order_client));
    SELECT count(*) INTO open_holds FROM orders c
    WHERE c.status = 'pending_payment' AND c.client_key = order_client;
    IF open_holds >= holds_per_client THEN
      RAISE EXCEPTION 'place_order:client_holds' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF order_promo IS NOT NULL THEN
    SELECT p.active, p.starts_at, p.expires_at, p.max_uses, p.used_count, p.per_customer_limit
      INTO promo FROM promo_codes p WHERE p.code = order_promo FOR NO KEY UPDATE;
    IF NOT FOUND OR NOT promo.active
      OR (promo.starts_at IS NOT NULL AND order_at < promo.starts_at)
      OR (promo.expires_at IS NOT NULL AND order_at >= promo.expires_at) THEN
      RAISE EXCEPTION 'place_order:promo_unusable' USING ERRCODE = 'P0001';
    END IF;
    IF promo.max_uses IS NOT NULL AND promo.used_count >= promo.max_uses THEN
      RAISE EXCEPTION 'place_order:promo_used_up' USING ERRCODE = 'P0001';
    END IF;
    IF promo.per_customer_limit IS NOT NULL THEN
      -- A fresh snapshot taken after the code's row lock: every order that took a use of it
      -- before us has committed.
      SELECT count(*) INTO customer_uses FROM orders u
      WHERE u.promo_code = order_promo AND lower(u.customer_email) = order_email
        AND u.status IN ('pending_payment', 'paid');
      IF customer_uses >= promo.per_customer_limit THEN
        RAISE EXCEPTION 'place_order:promo_customer_limit' USING ERRCODE = 'P0001';
      END IF;
    END IF;
  END IF;

  WITH line AS (
    SELECT * FROM jsonb_to_recordset(new_lines) AS l(
      line_number int, product_id int, variant_id int, size text, product_name text,
      unit_price_pence int, quantity int)
  ),
  -- Lock the sizes in id order (two multi-line orders cannot deadlock), with their stock as
  -- it is once locked.
  locked AS (
    SELECT v.id, v.stock FROM product_variants v JOIN line ON line.variant_id = v.id
    ORDER BY v.id
    FOR NO KEY UPDATE OF v
  ),
  every_line_in_stock AS (
    SELECT count(*) = (SELECT count(*) FROM line) AS yes
    FROM locked JOIN line ON line.variant_id = locked.id
    WHERE locked.stock >= line.quantity
      AND (hold_share IS NULL OR line.quantity <= greatest(1, locked.stock * hold_share / 100))
  ),
  reserved AS (
    UPDATE product_variants v SET stock = v.stock - line.quantity
    FROM line JOIN locked ON locked.id = line.variant_id
    WHERE v.id = line.variant_id AND v.stock >= line.quantity
      AND (SELECT yes FROM every_line_in_stock)
    RETURNING v.id
  ),
  inserted_order AS (
    INSERT INTO orders (
      order_number, status, customer_name, customer_email, customer_phone, notes,
      shipping_address, shipping_method, subtotal_pence, discount_pence, shipping_pence,
      total_pence, promo_code, promo_percent_off, promo_amount_off_pence, payment_provider,
      provider_session_id, user_id, client_key, created_at, expires_at)
    SELECT o.order_number, 'pending_payment', o.customer_name, o.customer_email, o.customer_phone,
      o.notes, o.shipping_address, o.shipping_method, o.subtotal_pence, o.discount_pence,
      o.shipping_pence, o.total_pence, o.promo_code, o.promo_percent_off,
      o.promo_amount_off_pence, o.payment_provider, o.provider_session_id, o.user_id,
      o.client_key, o.created_at, o.expires_at
    FROM jsonb_to_record(new_order) AS o(
      order_number text, customer_name text, customer_email text, customer_phone text, notes text,
      shipping_address jsonb, shipping_method text, subtotal_pence int, discount_pence int,
      shipping_pence int, total_pence int, promo_code text, promo_percent_off int,
      promo_amount_off_pence int, payment_provider text, provider_session_id text, user_id text,
      client_key text, created_at timestamptz, expires_at timestamptz)
    WHERE (SELECT count(*) FROM reserved) = (SELECT count(*) FROM line)
    RETURNING id
  ),
  inserted_lines AS (
    INSERT INTO order_lines (
      order_id, line_number, product_id, variant_id, size, product_name, unit_price_pence, quantity)
    SELECT inserted_order.id, line.line_number, line.product_id, line.variant_id, line.size,
      line.product_name, line.unit_price_pence, line.quantity
    FROM inserted_order CROSS JOIN line
  )
  SELECT id INTO placed FROM inserted_order;
  IF placed IS NULL THEN
    RAISE EXCEPTION 'place_order:stock' USING ERRCODE = 'P0001';
  END IF;

  IF order_promo IS NOT NULL THEN
    UPDATE promo_codes SET used_count = used_count + 1 WHERE code = order_promo;
  END IF;
  RETURN placed;
END
$$;
