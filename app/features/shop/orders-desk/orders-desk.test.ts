import { describe, expect, it } from "vitest";
import { orderStatuses } from "../../../../db/schema/orders";
import { shipFormSchema } from "./carriers";
import { csvCell, toCsv } from "./csv";
import { availableActions, pendingStatus, transition } from "./order-flow";
import { paidForUnits, parsePounds, planRefund, refundAskOf, refundButtonLabel, type RefundableOrder } from "./refund-plan";

describe("order status flow", () => {
  it("moves a paid order through packed, shipped and delivered", () => {
    expect(transition("paid", "pack")).toEqual({ ok: true, to: "packed", refund: false, releaseStock: null });
    expect(transition("packed", "ship")).toMatchObject({ ok: true, to: "shipped" });
    expect(transition("shipped", "deliver")).toMatchObject({ ok: true, to: "delivered" });
  });

  it("refuses jumps that make no sense, each with a message", () => {
    expect(transition("pending_payment", "ship")).toEqual({
      ok: false,
      message: "This order has not been paid yet, so it cannot be shipped.",
    });
    expect(transition("pending_payment", "pack")).toMatchObject({ ok: false });
    expect(transition("paid", "ship")).toEqual({ ok: false, message: "Pack the order before marking it shipped." });
    expect(transition("paid", "deliver")).toEqual({ ok: false, message: "Only a shipped order can be marked delivered." });
    expect(transition("shipped", "pack")).toEqual({ ok: false, message: "This order is already shipped." });
    expect(transition("delivered", "deliver")).toMatchObject({ ok: false });
    expect(transition("shipped", "cancel")).toEqual({
      ok: false,
      message: "This order has left the warehouse and cannot be cancelled; refund it instead.",
    });
    for (const closed of ["failed", "expired", "cancelled"] as const) {
      for (const action of ["pack", "ship", "deliver", "cancel"] as const) expect(transition(closed, action).ok).toBe(false);
    }
  });

  it("cancels unpaid orders by freeing the reservation, paid ones by refunding and restocking", () => {
    expect(transition("pending_payment", "cancel")).toEqual({ ok: true, to: "cancelled", refund: false, releaseStock: "release" });
    expect(transition("paid", "cancel")).toEqual({ ok: true, to: "cancelled", refund: true, releaseStock: "restock" });
    expect(transition("packed", "cancel")).toEqual({ ok: true, to: "cancelled", refund: true, releaseStock: "restock" });
  });

  it("offers only the actions that are allowed, for every status", () => {
    expect(availableActions("paid")).toEqual(["pack", "cancel"]);
    expect(availableActions("packed")).toEqual(["ship", "cancel"]);
    expect(availableActions("shipped")).toEqual(["deliver"]);
    expect(availableActions("delivered")).toEqual([]);
    for (const status of orderStatuses) for (const action of availableActions(status)) expect(transition(status, action).ok).toBe(true);
  });
});

describe("pendingStatus", () => {
  const form = (intent: string) => new URLSearchParams({ intent });
  it("shows packed, shipped or delivered while that form is on its way", () => {
    expect(pendingStatus("paid", form("pack"))).toBe("packed");
    expect(pendingStatus("packed", form("ship"))).toBe("shipped");
    expect(pendingStatus("shipped", form("deliver"))).toBe("delivered");
  });
  it("leaves cancels, refunds, moves the order cannot make and no form to the server", () => {
    expect(pendingStatus("paid", form("cancel"))).toBeNull();
    expect(pendingStatus("paid", form("refund"))).toBeNull();
    expect(pendingStatus("paid", form("ship"))).toBeNull();
    expect(pendingStatus("paid", undefined)).toBeNull();
  });
});

describe("shipping form", () => {
  it("builds the carrier's tracking link from a cleaned-up number", () => {
    const parsed = shipFormSchema.parse({ carrier: "royal-mail", trackingNumber: " ab 1234 5678 gb " });
    expect(parsed).toEqual({
      carrier: "royal-mail",
      trackingNumber: "AB12345678GB",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB",
    });
  });
  it("needs an https link for another carrier, and refuses odd numbers", () => {
    expect(shipFormSchema.safeParse({ carrier: "other", trackingNumber: "XY123456" }).success).toBe(false);
    expect(shipFormSchema.safeParse({ carrier: "other", trackingNumber: "XY123456", trackingUrl: "javascript:alert(1)" }).success).toBe(
      false,
    );
    expect(
      shipFormSchema.parse({ carrier: "other", trackingNumber: "XY123456", trackingUrl: "https://track.example/XY123456" }).trackingUrl,
    ).toBe("https://track.example/XY123456");
    expect(shipFormSchema.safeParse({ carrier: "dpd", trackingNumber: "<script>" }).success).toBe(false);
    expect(shipFormSchema.safeParse({ carrier: "pigeon", trackingNumber: "12345678" }).success).toBe(false);
  });
});

describe("CSV export", () => {
  it("quotes every cell and neutralises formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("+44 7700 900123")).toBe(`"'+44 7700 900123"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("Alex, Fan")).toBe('"Alex, Fan"');
    expect(csvCell(-1250)).toBe('"-1250"');
    expect(csvCell(null)).toBe('""');
    expect(toCsv(["a", "b"], [["1", 2]])).toBe('\uFEFF"a","b"\r\n"1","2"\r\n');
  });
});

describe("refund plans", () => {
  const order: RefundableOrder = {
    subtotalPence: 10000,
    discountPence: 1000,
    remainingPence: 9499,
    lines: [
      { lineNumber: 1, productName: "Cap", size: "One Size", unitPricePence: 2500, quantity: 2, refundedQuantity: 0 },
      { lineNumber: 2, productName: "Hoodie", size: "M", unitPricePence: 5000, quantity: 1, refundedQuantity: 1 },
    ],
  };
  it("names the amount on the refund button as the form is filled in", () => {
    expect(refundButtonLabel(order, { mode: "lines", "qty-1": "1" })).toBe("Refund £22.50");
    expect(refundButtonLabel(order, { mode: "amount", amount: "5.39" })).toBe("Refund £5.39");
    expect(refundButtonLabel(order, { mode: "lines", "qty-1": "0" })).toBe("Make refund");
    expect(refundButtonLabel(order, { mode: "amount", amount: "lots" })).toBe("Make refund");
    expect(refundButtonLabel(order, { mode: "amount", amount: "999" })).toBe("Make refund");
  });
  it("refunds lines at what was paid for them after the discount", () => {
    expect(paidForUnits(order, 2500, 1)).toBe(2250);
    expect(planRefund(order, { mode: "lines", quantities: { 1: 1 } })).toEqual({
      ok: true,
      amountPence: 2250,
      lines: [{ lineNumber: 1, quantity: 1, amountPence: 2250 }],
    });
    expect(paidForUnits({ subtotalPence: 2500, discountPence: 0 }, 2500, 1)).toBe(2500);
  });
  it("refuses more units than are left, unknown lines and nothing chosen", () => {
    expect(planRefund(order, { mode: "lines", quantities: { 1: 3 } })).toEqual({
      ok: false,
      message: "Only 2 of Cap (One Size) can still be refunded.",
    });
    expect(planRefund(order, { mode: "lines", quantities: { 2: 1 } })).toEqual({
      ok: false,
      message: "Hoodie (M) has been refunded already.",
    });
    expect(planRefund(order, { mode: "lines", quantities: { 9: 1 } }).ok).toBe(false);
    expect(planRefund(order, { mode: "lines", quantities: { 1: 0 } })).toEqual({
      ok: false,
      message: "Choose how many units of which line to refund.",
    });
  });
  it("takes any free amount up to what is left, and nothing above it", () => {
    expect(planRefund(order, { mode: "amount", amountPence: 9499 })).toEqual({ ok: true, amountPence: 9499, lines: [] });
    expect(planRefund(order, { mode: "amount", amountPence: 9500 })).toEqual({
      ok: false,
      message: "That is more than what is left to refund (£94.99).",
    });
    expect(planRefund(order, { mode: "amount", amountPence: 0 }).ok).toBe(false);
    expect(planRefund({ ...order, remainingPence: 0 }, { mode: "amount", amountPence: 1 })).toEqual({
      ok: false,
      message: "This order has been refunded in full already.",
    });
  });
  it("reads pounds and the form's quantities", () => {
    expect(parsePounds("12.5")).toBe(1250);
    expect(parsePounds("£7")).toBe(700);
    expect(parsePounds("0.05")).toBe(5);
    for (const bad of ["", "-3", "1.234", "abc", "1e3"]) expect(parsePounds(bad)).toBeNull();
    expect(refundAskOf({ mode: "lines", "qty-1": "2", "qty-2": "", other: "x" })).toEqual({
      ok: true,
      ask: { mode: "lines", quantities: { 1: 2 } },
    });
    expect(refundAskOf({ mode: "lines", "qty-1": "-1" })).toEqual({ ok: false, message: "Quantities are whole numbers." });
    expect(refundAskOf({ mode: "amount", amount: "ten" })).toEqual({ ok: false, message: "Enter the amount in pounds, like 12.50." });
  });
});
