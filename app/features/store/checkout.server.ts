/**
 * The checkout action: validate the posted form, price and reserve on the
 * server (placeOrder), open the provider's payment session for exactly those
 * amounts, and hand back where to send the browser. Client prices and totals
 * are never read: only product id, size and quantity per line.
 */
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import type { PaymentProvider } from "~/features/payments/provider.server";
import { confirmationPath, SESSION_ID_PLACEHOLDER } from "~/features/payments/provider.server";
import { checkoutCustomerSchema, checkoutErrorMessage } from "./checkout";
import {
  CHECKOUT_MESSAGES,
  LINE_FIELDS,
  PROMO_FIELD,
  type CheckoutActionData,
  type CheckoutField,
  type CheckoutFieldErrors,
  type CheckoutValues,
} from "./checkout-form";
import { attachPaymentSession, cancelPendingOrder } from "./order-lifecycle.server";
import { placeOrder } from "./orders.server";
import { cartLinesInputSchema, describeLineProblem, MAX_CART_LINES, type ShippingRule } from "./pricing";

export interface CheckoutContext {
  db: Database;
  log: Logger;
  publicUrl: string;
  payments: PaymentProvider;
  orderReservationMs: number;
  shipping?: ShippingRule;
}

export type CheckoutOutcome =
  | { kind: "redirect"; url: string; orderId: string; sessionId: string }
  | { kind: "reply"; status: number; data: CheckoutActionData };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

function formValues(form: FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const field of ["name", "email", "phone", "notes"] as const) {
    const value = text(form, field);
    if (value !== undefined) values[field] = value.slice(0, 2000);
  }
  return values;
}

function errorReply(status: number, message: string, values: CheckoutValues, problems: string[] = []): CheckoutOutcome {
  return { kind: "reply", status, data: { status: "error", title: CHECKOUT_MESSAGES.errorTitle, message, problems, values } };
}

export async function submitCheckout(
  context: CheckoutContext,
  form: FormData,
  { userId = null, now = new Date() }: { userId?: string | null; now?: Date } = {},
): Promise<CheckoutOutcome> {
  const values = formValues(form);

  // The cart first: without items there is nothing to check out.
  const productIds = form.getAll(LINE_FIELDS.productId);
  const sizes = form.getAll(LINE_FIELDS.size);
  const quantities = form.getAll(LINE_FIELDS.quantity);
  if (productIds.length !== sizes.length || productIds.length !== quantities.length) {
    return errorReply(400, "Your cart could not be read. Please go back to your cart and try again.", values);
  }
  if (productIds.length > MAX_CART_LINES) {
    return errorReply(400, `A cart can hold at most ${MAX_CART_LINES} different items`, values);
  }
  const lines = cartLinesInputSchema.safeParse(
    productIds.map((productId, index) => ({ productId, size: sizes[index], quantity: quantities[index] })),
  );
  if (!lines.success) {
    const messages = [...new Set(lines.error.issues.map((issue) => issue.message))];
    return errorReply(400, messages[0] ?? "No items in cart", values, messages.slice(1));
  }

  const customer = checkoutCustomerSchema.safeParse({
    name: text(form, "name") ?? "",
    email: text(form, "email") ?? "",
    phone: text(form, "phone"),
    notes: text(form, "notes"),
  });
  if (!customer.success) {
    const fieldErrors: CheckoutFieldErrors = {};
    for (const issue of customer.error.issues) {
      const field = issue.path[0] as CheckoutField;
      fieldErrors[field] ??= issue.message;
    }
    return { kind: "reply", status: 400, data: { status: "invalid", banner: CHECKOUT_MESSAGES.banner, fieldErrors, values } };
  }

  const promoInput = text(form, PROMO_FIELD)?.trim().slice(0, 64) || null;
  const presetSessionId = context.payments.newSessionId?.();
  const placed = await placeOrder(
    context.db,
    { lines: lines.data, customer: customer.data, promoCode: promoInput, userId },
    {
      now,
      paymentProvider: context.payments.name,
      shipping: context.shipping,
      reservationMs: context.orderReservationMs,
      providerSessionId: presetSessionId,
    },
  );
  if (placed.kind === "invalid_promo") {
    return errorReply(409, "Invalid promo code", values, [
      "Remove the code in your cart, or enter a valid one, then check out again.",
    ]);
  }
  if (placed.kind === "unavailable") {
    const problems = placed.priced.lines
      .filter((line) => line.problem)
      .map((line) => `${line.product?.name ?? `Item ${line.productId}`} (${line.size}): ${describeLineProblem(line.problem!)}`);
    return errorReply(
      409,
      "Some items in your cart are no longer available as requested. Please update your cart and try again.",
      values,
      problems,
    );
  }

  try {
    const session = await context.payments.createSession({
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      customerEmail: customer.data.email,
      customerName: customer.data.name,
      lines: placed.priced.lines.map((line) => ({
        productName: line.product!.name,
        size: line.size,
        unitPricePence: line.unitPricePence!,
        quantity: line.quantity,
      })),
      subtotalPence: placed.priced.subtotalPence,
      discountPence: placed.priced.discountPence,
      promoCode: placed.priced.promo?.code ?? null,
      promoPercentOff: placed.priced.promo?.percentOff ?? null,
      shippingPence: placed.priced.shippingPence,
      totalPence: placed.priced.totalPence,
      successUrl: `${context.publicUrl}${confirmationPath(SESSION_ID_PLACEHOLDER)}`,
      cancelUrl: `${context.publicUrl}/cart`,
      expiresAt: placed.expiresAt,
      now,
      sessionId: presetSessionId,
    });
    if (presetSessionId !== undefined && session.sessionId !== presetSessionId) throw new Error("Failed to create checkout session");
    if (presetSessionId === undefined && !(await attachPaymentSession(context.db, placed.orderId, session.sessionId))) {
      throw new Error("Failed to create checkout session");
    }
    context.log.info(
      { orderId: placed.orderId, orderNumber: placed.orderNumber, totalPence: placed.priced.totalPence, provider: context.payments.name },
      "checkout: order reserved, sending the shopper to pay",
    );
    return { kind: "redirect", url: session.url, orderId: placed.orderId, sessionId: session.sessionId };
  } catch (error) {
    // The shopper cannot pay for this order: give its stock back at once.
    await cancelPendingOrder(context.db, placed.orderId, new Date()).catch((cancelError: unknown) =>
      context.log.error({ err: cancelError, orderId: placed.orderId }, "checkout: could not cancel the order after a payment error"),
    );
    context.log.error({ err: error, orderId: placed.orderId, provider: context.payments.name }, "checkout: payment session failed");
    // Mapped as the spec's error catalogue lists (a provider outage reads "Unable to process checkout").
    return errorReply(502, checkoutErrorMessage(error instanceof Error ? error.message : String(error)), values);
  }
}
