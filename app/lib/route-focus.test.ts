import { describe, expect, it } from "vitest";
import { focusAfterNavigation, pageAnnouncement } from "./route-focus";

describe("focusAfterNavigation", () => {
  it("moves focus to the heading of a new page, wherever focus was", () => {
    expect(focusAfterNavigation({ pathname: "/store", search: "" }, { pathname: "/cart", search: "" }, true)).toBe("page-heading");
    expect(focusAfterNavigation({ pathname: "/store", search: "" }, { pathname: "/cart", search: "" }, false)).toBe("page-heading");
  });

  it("leaves focus in a control that stays when only the search parameters change", () => {
    expect(focusAfterNavigation({ pathname: "/store", search: "" }, { pathname: "/store", search: "?category=caps" }, true)).toBe("stay");
  });

  it("takes focus to the heading when a same-page change lost it", () => {
    expect(focusAfterNavigation({ pathname: "/store", search: "?q=cap" }, { pathname: "/store", search: "?q=key" }, false)).toBe(
      "page-heading",
    );
  });
});

describe("pageAnnouncement", () => {
  it("says the page's title", () => {
    expect(pageAnnouncement("Your Cart | Team", "Your Cart")).toBe("Your Cart | Team, page loaded");
  });

  it("falls back on the heading, then on plain words", () => {
    expect(pageAnnouncement(" ", "Store")).toBe("Store, page loaded");
    expect(pageAnnouncement("", null)).toBe("Page loaded");
  });
});
