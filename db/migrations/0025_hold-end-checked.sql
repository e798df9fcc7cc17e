-- A hold that has ended holds nothing, whether or not the expiry job has closed it yet
-- (ADR 0053): place_order's per-customer and per-client counts of open unpaid orders leave out
-- the ones past their expires_at. Otherwise the function is as in 0021.
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
  -- A hold past its end counts for nothing, whether or not the expiry job has closed it yet.
  IF holds_per_customer IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('order-holds-customer:' || order_email));
    SELECT count(*) INTO open_holds FROM orders c
    WHERE c.status = 'pending_payment' AND c.expires_at > order_at AND lower(c.customer_email) = order_email;
    IF open_holds >= holds_per_customer THEN
      RAISE EXCEPTION 'place_order:customer_holds' USING ERRCODE = 'P0001';
    END IF;
  END IF;

  IF order_client IS NOT NULL AND holds_per_client IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('order-holds-client:' || order_client));
    SELECT count(*) INTO open_holds FROM orders c
    WHERE c.status = 'pending_payment' AND c.expires_at > order_at AND c.client_key = order_client;
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
