import { describe, expect, it } from "vitest";
import { CARD_MESSAGES, cardOutcome, cardOutcomeMessage, checkCard } from "./test-cards";

const now = new Date("2026-06-15T12:00:00Z");
const good = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Alex Fan" };

describe("test cards", () => {
  it("maps Stripe's test numbers to outcomes, with or without spaces and dashes", () => {
    expect(cardOutcome("4242 4242 4242 4242")).toBe("paid");
    expect(cardOutcome("4242-4242-4242-4242")).toBe("paid");
    expect(cardOutcome("4000000000000002")).toBe("declined");
    expect(cardOutcome("4000 0000 0000 9995")).toBe("insufficient_funds");
    expect(cardOutcome("5555 5555 5555 4444")).toBe("unknown_card");
    expect(cardOutcomeMessage("declined")).toBe("Your card was declined.");
    expect(cardOutcomeMessage("insufficient_funds")).toBe("Your card has insufficient funds.");
    expect(cardOutcomeMessage("paid")).toBeNull();
    expect(cardOutcomeMessage("unknown_card")).toBe(CARD_MESSAGES.unknownCard);
  });

  it("checks the card fields: number, expiry (valid to the end of its month), CVC and name", () => {
    expect(checkCard(good, now)).toEqual({});
    expect(checkCard({ ...good, expiry: "06/26" }, now)).toEqual({});
    expect(checkCard({ ...good, expiry: "05/26" }, now)).toEqual({ expiry: CARD_MESSAGES.expired });
    expect(checkCard({ ...good, expiry: "00/30" }, now)).toEqual({ expiry: CARD_MESSAGES.expiry });
    expect(checkCard({ ...good, expiry: "1234" }, now)).toEqual({ expiry: CARD_MESSAGES.expiry });
    expect(checkCard({ ...good, number: "4242 4242" }, now)).toEqual({ number: CARD_MESSAGES.number });
    expect(checkCard({ ...good, number: "4242 4242 4242 424x" }, now)).toEqual({ number: CARD_MESSAGES.number });
    expect(checkCard({ ...good, cvc: "12" }, now)).toEqual({ cvc: CARD_MESSAGES.cvc });
    expect(checkCard({ ...good, name: "  " }, now)).toEqual({ name: CARD_MESSAGES.name });
  });
});
