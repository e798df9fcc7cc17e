import { describe, expect, it } from "vitest";
import { promotionFormSchema, promotionFormValues, promotionState, promotionSummary } from "./promotion-form";

const base = { code: "summer10", kind: "percent", percentOff: "10", active: "on" };
const firstIssue = (input: Record<string, string>) => {
  const parsed = promotionFormSchema.safeParse(input);
  return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe("promotion form", () => {
  it("reads a percentage code with a UK-day window and limits", () => {
    const parsed = promotionFormSchema.parse({
      ...base,
      startsOn: "2026-07-01",
      endsOn: "2026-07-31",
      maxUses: "100",
      perCustomerLimit: "1",
      minSpend: "£30",
    });
    expect(parsed).toMatchObject({
      code: "SUMMER10",
      percentOff: 10,
      amountOffPence: null,
      minSpendPence: 3000,
      maxUses: 100,
      perCustomerLimit: 1,
      active: true,
    });
    // 00:00 BST is 23:00 UTC the day before; the code runs to the end of 31 July, UK time.
    expect(parsed.startsAt?.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(parsed.expiresAt?.toISOString()).toBe("2026-07-31T23:00:00.000Z");
    expect(promotionFormValues(parsed)).toMatchObject({
      startsOn: "2026-07-01",
      endsOn: "2026-07-31",
      minSpend: "30",
      percentOff: "10",
      kind: "percent",
    });
  });

  it("reads a fixed amount, with no limits and switched off", () => {
    const parsed = promotionFormSchema.parse({ code: "FIVER", kind: "amount", amountOff: "7.50" });
    expect(parsed).toMatchObject({
      percentOff: null,
      amountOffPence: 750,
      maxUses: null,
      perCustomerLimit: null,
      active: false,
      startsAt: null,
      expiresAt: null,
    });
    expect(promotionSummary(parsed)).toBe("£7.50 off");
  });

  it.each([
    [{ ...base, endsOn: "2026-07-01", startsOn: "2026-07-02" }, "endsOn", "The last day cannot be before the first day."],
    [{ ...base, percentOff: "0" }, "percentOff", "The percentage must be a whole number from 1 to 100."],
    [{ ...base, percentOff: "150" }, "percentOff", "The percentage must be a whole number from 1 to 100."],
    [{ ...base, kind: "amount", amountOff: "-5" }, "amountOff", "Enter the amount off in pounds, e.g. 5 or 7.50."],
    [{ ...base, code: "no spaces" }, "code", "The code must be 3 to 32 letters and digits, e.g. SUMMER10."],
    [{ ...base, maxUses: "0" }, "maxUses", "The total use limit must be at least 1, or empty for no limit."],
    [{ ...base, perCustomerLimit: "x" }, "perCustomerLimit", "The limit per customer must be a whole number, or empty for no limit."],
    [{ ...base, startsOn: "2026-02-30" }, "startsOn", "Enter a real date for the first day."],
    [{ ...base, kind: "bogo" }, "kind", "Choose a percentage or a fixed amount."],
  ])("refuses %o with a message on %s", (input, field, message) => {
    expect(firstIssue(input as Record<string, string>)).toMatchObject({ [field]: message });
  });

  it("says where a code stands", () => {
    const now = new Date("2026-07-10T12:00:00Z");
    const code = { active: true, startsAt: null, expiresAt: null, maxUses: 1, usedCount: 0 };
    expect(promotionState(code, now)).toBe("Live");
    expect(promotionState({ ...code, usedCount: 1 }, now)).toBe("Used up");
    expect(promotionState({ ...code, active: false }, now)).toBe("Switched off");
    expect(promotionState({ ...code, startsAt: new Date("2026-08-01T00:00:00Z") }, now)).toBe("Scheduled");
    expect(promotionState({ ...code, expiresAt: now }, now)).toBe("Ended");
  });
});
