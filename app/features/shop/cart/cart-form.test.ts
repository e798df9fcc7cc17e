import { describe, expect, it } from "vitest";
import { pathAfterAdding, readAddedNotice } from "./cart-form";

describe("pathAfterAdding", () => {
  it("returns to the store page with its search, filter and sort, the confirmation and the product's anchor", () => {
    expect(pathAfterAdding("/store?category=apparel&sort=price-asc&added=3&addedSize=S&x=1", 8, "M")).toBe(
      "/store?category=apparel&sort=price-asc&added=8&addedSize=M#product-8",
    );
    expect(pathAfterAdding("/store/team-tshirt", 8, "XXL")).toBe("/store/team-tshirt?added=8&addedSize=XXL#product-8");
  });

  it.each([
    null,
    "",
    "https://evil.example/store",
    "//evil.example/store",
    "/\\evil.example",
    "/cart",
    "/store/../admin",
    "/store/Bad_Slug",
    "store",
  ])("goes to the cart for %s", (returnTo) => {
    expect(pathAfterAdding(returnTo, 8, "M")).toBe("/cart");
  });
});

describe("readAddedNotice", () => {
  it("reads the product and size", () => {
    expect(readAddedNotice("?added=8&addedSize=M")).toEqual({ productId: 8, size: "M" });
  });

  it.each(["", "?added=8", "?added=x&addedSize=M", "?added=8&addedSize=%20", `?added=8&addedSize=${"x".repeat(61)}`])(
    "ignores %s",
    (search) => {
      expect(readAddedNotice(search)).toBeNull();
    },
  );
});
