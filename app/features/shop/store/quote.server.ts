/**
 * Prices a cart from the database for the cart page and the checkout's order
 * summary. Prices, stock and promo codes come from the catalogue only; any
 * price or total a browser sends is stripped by the input schema.
 */
import type { Database } from "../../../../db/client.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import { z } from "~/lib/zod";
import { getPricingInputs } from "./catalogue.server";
import {
  cartLinesInputSchema,
  describeLineProblem,
  normalisePromoCode,
  priceOrder,
  promoLabel,
  type CartLineInput,
  type ShippingRule,
} from "./pricing";
import { DEFAULT_SHIPPING_METHOD_NAME } from "./shop-settings";
import { countPromoMiss, promoCheckPaused } from "./promo-attempts.server";
import { promoRefusalMessage, type CartQuote, type CartQuoteError } from "./quote";

/**
 * Quotes one client may ask for. The cart asks once per change and the checkout once, so this
 * is far above a shopper's pace; it keeps a script from making the database price carts
 * without end. Guessing promo codes has its own, much smaller limit (promo-attempts.server.ts).
 */
export const QUOTE_CLIENT_LIMIT = { limit: 600, windowMs: 10 * 60_000 } as const;

/** The largest body the quote endpoint reads (30 lines of JSON fit in a few kB); server/body-limit.ts counts it. */
export const MAX_QUOTE_BODY_BYTES = 32 * 1024;

export const cartQuoteRequestSchema = z.object({
  lines: cartLinesInputSchema,
  promoCode: z
    .string({ message: "The promo code must be text" })
    .max(200, "The promo code is too long")
    .nullish()
    .transform((code) => (code ? normalisePromoCode(code) : "")),
});

export interface QuoteInput {
  /** Validated and merged lines (see cartLinesInputSchema). */
  lines: readonly CartLineInput[];
  /** What the shopper typed in the promo box; empty or null for none. */
  promoCode?: string | null;
}

export async function quoteCart(
  db: Database,
  input: QuoteInput,
  options: { now: Date; shipping: ShippingRule; shippingMethod?: string; holdSharePercent?: number | null },
): Promise<CartQuote> {
  const code = input.promoCode ? normalisePromoCode(input.promoCode) : "";
  const { catalogue, promo } = await getPricingInputs(
    db,
    input.lines.map((line) => line.productId),
    code,
  );
  const priced = priceOrder(input.lines, catalogue, promo, options.now, {
    shipping: options.shipping,
    promoEntered: code.length > 0,
    holdSharePercent: options.holdSharePercent ?? null,
  });
  const products = new Map(catalogue.map((product) => [product.id, product]));

  return {
    lines: priced.lines.map((line) => {
      const product = products.get(line.productId);
      const variant = product?.active ? product.variants.find((v) => v.size === line.size) : undefined;
      return {
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        name: line.product?.name ?? null,
        slug: line.product?.slug ?? null,
        image: line.product?.image ?? null,
        unitPricePence: line.unitPricePence,
        lineTotalPence: line.lineTotalPence,
        availableStock: Math.max(0, variant?.stock ?? 0),
        problem: line.problem,
        problemMessage: line.problem ? describeLineProblem(line.problem) : null,
      };
    }),
    ok: priced.ok,
    itemCount: priced.itemCount,
    subtotalPence: priced.subtotalPence,
    discountPence: priced.discountPence,
    shippingPence: priced.shippingPence,
    totalPence: priced.totalPence,
    promo: priced.promo
      ? {
          status: "applied",
          code: priced.promo.code,
          percentOff: priced.promo.percentOff,
          amountOffPence: priced.promo.amountOffPence,
          label: promoLabel(priced.promo),
        }
      : priced.promoRejected
        ? {
            status: "invalid",
            code,
            message: promoRefusalMessage(priced.promoRefusal, priced.promoMinSpendPence),
          }
        : { status: "none" },
    shippingMethod: options.shippingMethod ?? DEFAULT_SHIPPING_METHOD_NAME,
  };
}

type QuoteOptions = { now: Date; shipping: ShippingRule; shippingMethod?: string; holdSharePercent?: number | null };

/**
 * quoteCart for a visitor's request: a code that does not apply counts against the client's
 * promo limit, and past it the cart is priced without looking the code up, the code shown as
 * not checked (the same answer for any code, so nothing is learnt from it).
 */
export async function quoteCartForClient(
  db: Database,
  input: QuoteInput,
  options: QuoteOptions & { clientIp: string },
): Promise<CartQuote> {
  const code = input.promoCode ? normalisePromoCode(input.promoCode) : "";
  if (!code) return quoteCart(db, input, options);
  const paused = await promoCheckPaused(db, options.clientIp, options.now);
  if (paused) {
    const quote = await quoteCart(db, { ...input, promoCode: null }, options);
    return { ...quote, promo: { status: "invalid", code, message: paused.message } };
  }
  const quote = await quoteCart(db, input, options);
  if (quote.promo.status !== "applied") await countPromoMiss(db, options.clientIp, code, options.now);
  return quote;
}

const jsonHeaders = { "Cache-Control": "no-store" };

function refuse(status: number, body: CartQuoteError): Response {
  return Response.json(body, { status, headers: jsonHeaders });
}

/**
 * POST /api/cart/quote: `{ lines: [{ productId, size, quantity }], promoCode? }`
 * → a CartQuote, or 400 with what is wrong (413 for an oversized body).
 */
export async function handleCartQuoteRequest(
  request: Request,
  context: {
    db: Database;
    clientIp: string;
    shipping: ShippingRule;
    shippingMethod?: string;
    holdSharePercent?: number | null;
    now?: Date;
  },
): Promise<Response> {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST" } satisfies CartQuoteError, { status: 405, headers: { ...jsonHeaders, Allow: "POST" } });
  }
  const now = context.now ?? new Date();
  const limit = await consumeRateLimit(context.db, { key: `cart-quote:${context.clientIp}`, ...QUOTE_CLIENT_LIMIT }, now);
  if (!limit.allowed) {
    return Response.json(
      { error: "Too many requests from your connection just now. Please wait a moment and try again." } satisfies CartQuoteError,
      {
        status: 429,
        headers: { ...jsonHeaders, "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    // The server counts the body while it streams (server/body-limit.ts, MAX_QUOTE_BODY_BYTES).
    if (isRequestBodyTooLarge(error)) return refuse(413, { error: "The cart is too large to price" });
    return refuse(400, { error: "The request body could not be read" });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, { error: "The request body must be JSON: { lines: [{ productId, size, quantity }], promoCode? }" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return refuse(400, { error: "The request body must be an object: { lines: [{ productId, size, quantity }], promoCode? }" });
  }
  const parsed = cartQuoteRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return refuse(400, { error: issues[0]?.message ?? "The cart could not be read", issues });
  }
  const quote = await quoteCartForClient(context.db, parsed.data, {
    now,
    clientIp: context.clientIp,
    shipping: context.shipping,
    shippingMethod: context.shippingMethod,
    holdSharePercent: context.holdSharePercent,
  });
  return Response.json(quote, { headers: jsonHeaders });
}
