-- Reserves the stock of every line of a new order and records the order with its lines, all
-- or nothing, in one statement. Returns the new order's id, or null when some line had not
-- enough stock left (then nothing was written). The caller prices the lines first
-- (app/features/store/orders.server.ts); this only stores what it was given.
--
-- A function rather than a statement sent each time: PL/pgSQL keeps the statement's plan for
-- the connection, and planning this statement took longer than running it.
--
--   new_order: {order_number, customer_name, customer_email, customer_phone, notes,
--               subtotal_pence, discount_pence, shipping_pence, total_pence, promo_code,
--               promo_percent_off, payment_provider, provider_session_id, user_id,
--               created_at, expires_at}
--   new_lines: [{line_number, product_id, variant_id, size, product_name, unit_price_pence,
--                quantity}, ...] with each variant at most once
CREATE FUNCTION "place_order"("new_order" jsonb, "new_lines" jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  placed uuid;
BEGIN
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
      subtotal_pence, discount_pence, shipping_pence, total_pence, promo_code, promo_percent_off,
      payment_provider, provider_session_id, user_id, created_at, expires_at)
    SELECT o.order_number, 'pending_payment', o.customer_name, o.customer_email, o.customer_phone,
      o.notes, o.subtotal_pence, o.discount_pence, o.shipping_pence, o.total_pence, o.promo_code,
      o.promo_percent_off, o.payment_provider, o.provider_session_id, o.user_id, o.created_at,
      o.expires_at
    FROM jsonb_to_record(new_order) AS o(
      order_number text, customer_name text, customer_email text, customer_phone text, notes text,
      subtotal_pence int, discount_pence int, shipping_pence int, total_pence int, promo_code text,
      promo_percent_off int, payment_provider text, provider_session_id text, user_id text,
      created_at timestamptz, expires_at timestamptz)
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
  RETURN placed;
END
$$;
