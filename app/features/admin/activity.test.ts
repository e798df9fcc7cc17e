import { describe, expect, it } from "vitest";
import { activityQuery, humanise, parseActivityFilters } from "./activity";

const parse = (query: string) => parseActivityFilters(new URLSearchParams(query));

describe("activity filters", () => {
  it("reads the filters from the query, empty ones as absent, page 1 by default", () => {
    expect(parse("actor=sam&entityType=user&action=&from=2026-05-01&to=2026-05-31")).toEqual({
      ok: true,
      filters: { actor: "sam", entityType: "user", entityId: undefined, action: undefined, from: "2026-05-01", to: "2026-05-31", page: 1 },
    });
  });

  it("explains bad dates, a reversed range and a bad page, field by field", () => {
    expect(parse("from=yesterday")).toEqual({ ok: false, errors: { from: "Use a date like 2026-05-01." } });
    expect(parse("from=2026-02-30")).toEqual({ ok: false, errors: { from: "Use a date like 2026-05-01." } });
    expect(parse("from=2026-13-01")).toEqual({ ok: false, errors: { from: "Use a date like 2026-05-01." } });
    expect(parse("from=2026-06-01&to=2026-05-01")).toEqual({ ok: false, errors: { to: "The start date must not be after the end date." } });
    expect(parse("page=0")).toMatchObject({ ok: false, errors: { page: "Pages start at 1." } });
    expect(parse("page=abc")).toMatchObject({ ok: false });
    expect(parse(`actor=${"x".repeat(201)}`)).toMatchObject({ ok: false, errors: { actor: "At most 200 characters." } });
  });

  it("writes the same filters back for another page", () => {
    const parsed = parse("actor=sam&entityType=user&page=3");
    if (!parsed.ok) throw new Error("expected filters");
    expect(activityQuery(parsed.filters, 4)).toBe("?actor=sam&entityType=user&page=4");
    expect(activityQuery(parsed.filters, 1)).toBe("?actor=sam&entityType=user");
  });

  it("names actions and record types for people", () => {
    expect(humanise("staff_role.grant")).toBe("Staff role grant");
    expect(humanise("news_article")).toBe("News article");
  });
});
