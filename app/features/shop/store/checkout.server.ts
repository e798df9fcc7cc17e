/**
 * The checkout action: validate the posted form, price and reserve on the
 * server (placeOrder), open the provider's payment session for exactly those
 * amounts, and hand back where to send the browser. Client prices and totals
 * are never read: only product id, size and quantity per line.
 */
import type { Logger } from "pino";
import type { Database } from "../../../../db/client.server";
import type { PaymentProvider } from "~/features/shop/payments/provider.server";
import { confirmationPath, SESSION_ID_PLACEHOLDER } from "~/features/shop/payments/provider.server";
import { checkoutCustomerSchema, checkoutErrorMessage, deliveryAddressSchema } from "./checkout";
import {
  ADDRESS_CHOICE_FIELD,
  CHECKOUT_MESSAGES,
  CHECKOUT_TEXT_FIELDS,
  LINE_FIELDS,
  NEW_ADDRESS,
  SAVE_ADDRESS_FIELD,
  PROMO_FIELD,
  type CheckoutActionData,
  type CheckoutField,
  type CheckoutFieldErrors,
  type CheckoutValues,
} from "./checkout-form";
import { attachPaymentSession, cancelPendingOrder } from "./order-lifecycle.server";
import { clientKeyFor, placeOrder } from "./orders.server";
import type { OrderAddress } from "../../../../db/schema";
import { ADDRESS_FORM_FIELDS, type AddressField } from "./address";
import { getSavedAddress, saveAddress } from "./customer-addresses.server";
import type { HoldPolicy } from "./hold-policy";
import { countPromoMiss, promoCheckPaused } from "./promo-attempts.server";
import {
  cartLinesInputSchema,
  describeLineProblem,
  FREE_SHIPPING,
  MAX_CART_LINES,
  normalisePromoCode,
  promoLabel,
  type ShippingRule,
} from "./pricing";
import { defaultShopSettings, type ShopSettings } from "./shop-settings";
import { promoRefusalMessage } from "./quote";
import { firstErrorPerField } from "~/lib/form-errors";

export interface CheckoutContext {
  db: Database;
  log: Logger;
  publicUrl: string;
  payments: PaymentProvider;
  orderReservationMs: number;
  shipping?: ShippingRule;
  /** Countries shipped to and the method's name; UK only with `shipping` when omitted. */
  shop?: ShopSettings;
  /** The fair-hold caps (ADR 0033); none when omitted. */
  holdPolicy?: HoldPolicy;
  /** With appSecret: the client the order comes from, counted as a keyed hash (never stored). */
  clientIp?: string;
  appSecret?: string;
}

export type CheckoutOutcome =
  { kind: "redirect"; url: string; orderId: string; sessionId: string } | { kind: "reply"; status: number; data: CheckoutActionData };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

function formValues(form: FormData): CheckoutValues {
  const values: CheckoutValues = {};
  for (const field of CHECKOUT_TEXT_FIELDS) {
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

  const shop = context.shop ?? defaultShopSettings(context.shipping ?? FREE_SHIPPING);
  const customer = checkoutCustomerSchema.safeParse({
    name: text(form, "name") ?? "",
    email: text(form, "email") ?? "",
    phone: text(form, "phone"),
    notes: text(form, "notes"),
  });
  const fieldErrors: CheckoutFieldErrors = customer.success ? {} : firstErrorPerField<CheckoutField>(customer.error);
  // The delivery address: one the signed-in shopper saved, or the fields of a new one.
  const choice = text(form, ADDRESS_CHOICE_FIELD);
  let shippingAddress: OrderAddress | null = null;
  if (choice && choice !== NEW_ADDRESS) {
    const saved = userId ? await getSavedAddress(context.db, userId, choice) : null;
    if (!saved || !shop.shipsTo.includes(saved.country))
      fieldErrors.addressChoice = "Choose one of your saved addresses we deliver to, or enter a new one";
    else
      shippingAddress = {
        name: saved.name,
        line1: saved.line1,
        line2: saved.line2,
        town: saved.town,
        county: saved.county,
        postcode: saved.postcode,
        country: saved.country,
      };
  } else {
    const address = deliveryAddressSchema(shop.shipsTo).safeParse(
      Object.fromEntries(Object.entries(ADDRESS_FORM_FIELDS).map(([field, name]) => [field, text(form, name)])),
    );
    if (address.success) shippingAddress = address.data;
    else {
      for (const issue of address.error.issues) {
        const field = ADDRESS_FORM_FIELDS[issue.path[0] as AddressField] as CheckoutField | undefined;
        if (field) fieldErrors[field] ??= issue.message;
      }
    }
  }
  if (!customer.success || !shippingAddress) {
    return { kind: "reply", status: 400, data: { status: "invalid", banner: CHECKOUT_MESSAGES.banner, fieldErrors, values } };
  }

  const promoInput = text(form, PROMO_FIELD)?.trim().slice(0, 64) || null;
  // A code is checked here as in the cart: past the client's limit on codes that did not apply,
  // not at all (promo-attempts.server.ts).
  const paused = promoInput && context.clientIp ? await promoCheckPaused(context.db, context.clientIp, now) : null;
  if (paused) return errorReply(429, paused.message, values, ["Remove the code in your cart to check out without it."]);
  const presetSessionId = context.payments.newSessionId?.();
  const placed = await placeOrder(
    context.db,
    {
      lines: lines.data,
      customer: customer.data,
      promoCode: promoInput,
      userId,
      shippingAddress,
      shippingMethod: shop.shippingMethodName,
      clientKey: context.clientIp && context.appSecret ? clientKeyFor(context.appSecret, context.clientIp) : null,
    },
    {
      now,
      paymentProvider: context.payments.name,
      shipping: shop.rule,
      reservationMs: context.orderReservationMs,
      holdPolicy: context.holdPolicy,
      providerSessionId: presetSessionId,
      publicUrl: context.publicUrl,
    },
  );
  if ((placed.kind === "promo_limit" || placed.kind === "invalid_promo") && context.clientIp && promoInput) {
    await countPromoMiss(context.db, context.clientIp, normalisePromoCode(promoInput), now);
  }
  if (placed.kind === "promo_limit") {
    return errorReply(
      409,
      placed.reason === "used_up" ? "This promo code has been used up" : "You have already used this promo code as often as it allows",
      values,
      ["Remove the code in your cart, or enter another one, then check out again."],
    );
  }
  if (placed.kind === "too_many_holds") {
    return errorReply(
      429,
      placed.by === "customer"
        ? "You already have unpaid orders waiting for payment"
        : "There are already unpaid orders waiting for payment from your connection",
      values,
      ["Pay for one of them, or cancel it on its payment page, then check out again. Unpaid orders are released after a while."],
    );
  }
  if (userId && form.get(SAVE_ADDRESS_FIELD) === "on" && (!choice || choice === NEW_ADDRESS)) {
    await saveAddress(context.db, userId, shippingAddress).catch((error: unknown) =>
      context.log.warn({ err: error }, "checkout: could not save the address to the account"),
    );
  }
  if (placed.kind === "invalid_promo") {
    return errorReply(409, promoRefusalMessage(placed.priced.promoRefusal, placed.priced.promoMinSpendPence), values, [
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
      promoLabel: placed.priced.promo ? promoLabel(placed.priced.promo) : null,
      shippingAddress,
      shippingMethod: shop.shippingMethodName,
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
