import { describe, expect, it } from "vitest";
import { describePush, dropOf, driversConcerned, isRecipient, pushPolicy, sessionClassOf, type PushContent } from "./push-content";

const result: PushContent = {
  kind: "result",
  roundId: "r9",
  roundName: "Silverstone National",
  roundNumber: 9,
  sessionId: "s3",
  sessionName: "Race 2",
  version: 3,
  status: "final",
  revised: true,
  placings: [{ driverId: "alex", name: "Alex Smith", placing: "P3" }],
};
const report: PushContent = { kind: "report", articleId: "a1", slug: "a", title: "Report", excerpt: "" };

describe("who gets what", () => {
  it("a fan hears a kind they chose, about a driver they follow, or about anyone when they follow the whole team", () => {
    expect(isRecipient({ kinds: ["result"], driverIds: [] }, result)).toBe(true);
    expect(isRecipient({ kinds: ["result"], driverIds: ["alex"] }, result)).toBe(true);
    expect(isRecipient({ kinds: ["result"], driverIds: ["jo"] }, result)).toBe(false);
    expect(isRecipient({ kinds: ["session", "report"], driverIds: [] }, result)).toBe(false);
    // A report or a drop concerns no driver: everyone who chose the kind.
    expect(driversConcerned(report)).toBeNull();
    expect(isRecipient({ kinds: ["report"], driverIds: ["jo"] }, report)).toBe(true);
  });

  it("a session named for a class concerns that class's drivers; one named for none, every class", () => {
    expect(sessionClassOf("F3A Race 1", ["F3A", "F3B", "FF1600"])).toBe("F3A");
    expect(sessionClassOf("Qualifying (FF1600)", ["F3A", "FF1600"])).toBe("FF1600");
    expect(sessionClassOf("Race 1", ["F3A", "FF1600"])).toBeNull();
    expect(sessionClassOf("F3AB Race", ["F3A"])).toBeNull();
  });
});

describe("a push's policy", () => {
  it("one topic per event; a newer result replaces its session's older one; TTL in hours, never 0", () => {
    expect(pushPolicy(result)).toEqual({ topic: "result:s3:v3", collapseKey: "result-s3", ttlSeconds: 21_600, urgency: "high" });
    expect(pushPolicy(report)).toMatchObject({ topic: "article:a1", ttlSeconds: 86_400, urgency: "normal" });
    const drop: PushContent = {
      kind: "drop",
      productId: 4,
      slug: "cap",
      name: "Cap",
      event: "sale",
      pricePence: 1500,
      originalPricePence: 2000,
    };
    expect(pushPolicy(drop, 7).topic).toBe("drop:4:v7");
    expect(describePush(result)).toBe("Race 2, Silverstone National: revised result (v3)");
  });
});

describe("a shop drop", () => {
  const cap = { id: 4, slug: "cap", name: "Cap", active: true, pricePence: 2000, originalPricePence: null, version: 3 };
  it("is a product appearing in the shop, or a shown product going on sale; nothing else", () => {
    expect(dropOf(null, cap)).toBe("new");
    expect(dropOf(null, { ...cap, active: false })).toBeNull();
    expect(dropOf({ ...cap, active: false }, cap)).toBe("new");
    expect(dropOf(cap, { ...cap, pricePence: 1500, originalPricePence: 2000 })).toBe("sale");
    expect(
      dropOf({ ...cap, pricePence: 1500, originalPricePence: 2000 }, { ...cap, pricePence: 1200, originalPricePence: 2000 }),
    ).toBeNull();
    expect(dropOf(cap, { ...cap, name: "Team Cap" })).toBeNull();
    expect(dropOf(cap, { ...cap, active: false, originalPricePence: 2500, pricePence: 2000 })).toBeNull();
  });
});
