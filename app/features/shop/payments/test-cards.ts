/**
 * The test payment page's cards, as Stripe's test mode names them. Checked by
 * hand (no Zod) because the payment page's form uses it in the browser too.
 */
export const TEST_CARDS = {
  pays: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const CARD_MESSAGES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  unknownCard: "This test payment page only accepts the test cards listed below. No real card is ever charged here.",
  number: "Enter the 16-digit card number",
  expiry: "Enter the expiry date as MM/YY",
  expired: "This card has expired",
  cvc: "Enter the 3-digit security code",
  name: "Enter the name on the card",
} as const;

export type CardOutcome = "paid" | "declined" | "insufficient_funds" | "unknown_card";

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardFieldErrors = Partial<Record<keyof CardInput, string>>;

export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Field errors for a card form (empty when every field is usable). `now` decides expiry. */
export function checkCard(input: CardInput, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  if (!/^\d{16}$/.test(normaliseCardNumber(input.number))) errors.number = CARD_MESSAGES.number;
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiry;
  else {
    const year = 2000 + Number(expiry[2]);
    // A card is valid to the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) errors.expiry = CARD_MESSAGES.expired;
  }
  if (!/^\d{3}$/.test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (!input.name.trim() || input.name.trim().length > 100) errors.name = CARD_MESSAGES.name;
  return errors;
}

/** What the test card does when charged. */
export function cardOutcome(number: string): CardOutcome {
  switch (normaliseCardNumber(number)) {
    case TEST_CARDS.pays:
      return "paid";
    case TEST_CARDS.declined:
      return "declined";
    case TEST_CARDS.insufficientFunds:
      return "insufficient_funds";
    default:
      return "unknown_card";
  }
}

/** The message a shopper sees for a card that did not pay; null when it paid. */
export function cardOutcomeMessage(outcome: CardOutcome): string | null {
  switch (outcome) {
    case "paid":
      return null;
    case "declined":
      return CARD_MESSAGES.declined;
    case "insufficient_funds":
      return CARD_MESSAGES.insufficientFunds;
    case "unknown_card":
      return CARD_MESSAGES.unknownCard;
  }
}
