import { describe, expect, it } from "vitest";
import { parseFavourites, toggleFavourite } from "./favourites";
import { productJsonLd, storeJsonLd } from "./store-json-ld";
import { categoryLabel, isOnSale, productPath, ratingLabel, shippingNotice, toProductView, type ProductView } from "./store-view";

const cap: ProductView = toProductView({
  id: 1,
  slug: "team-cap-red",
  name: "Ridgeway Racing Team Cap - Red",
  description: "Official team cap",
  category: "apparel",
  pricePence: 2500,
  originalPricePence: null,
  featured: true,
  rating: 4.8,
  reviewCount: 124,
  image: "/media/store/team-cap-red.svg",
  imageAlt: "Red cap",
  sortOrder: 1,
  variants: [
    { size: "One Size", stock: 40 },
    { size: "XL", stock: -2 },
  ],
});

describe("toProductView", () => {
  it("keeps sizes in order with stock never below zero", () => {
    expect(cap.sizes).toEqual([
      { size: "One Size", stock: 40 },
      { size: "XL", stock: 0 },
    ]);
    expect(productPath(cap)).toBe("/store/team-cap-red");
  });
});

describe("isOnSale", () => {
  it("is on sale only with an original price above today's", () => {
    expect(isOnSale(cap)).toBe(false);
    expect(isOnSale({ pricePence: 2000, originalPricePence: 2500 })).toBe(true);
    expect(isOnSale({ pricePence: 2500, originalPricePence: 2500 })).toBe(false);
  });
});

describe("categoryLabel", () => {
  it("names apparel for caps and the T-shirt alike", () => {
    expect(categoryLabel("apparel")).toBe("Caps & Apparel");
    expect(categoryLabel("accessories")).toBe("Accessories");
  });
});

describe("shippingNotice", () => {
  it("words the one shipping rule", () => {
    expect(shippingNotice({ flatRatePence: 0, freeAbovePence: null })).toBe("Free UK shipping on all orders");
    expect(shippingNotice({ flatRatePence: 499, freeAbovePence: 5000 })).toBe("Free UK shipping on orders over £50.00; £4.99 otherwise");
    expect(shippingNotice({ flatRatePence: 395, freeAbovePence: null })).toBe("UK shipping £3.95 per order");
  });
});

describe("ratingLabel", () => {
  it("reads the rating and review count", () => {
    expect(ratingLabel(4.8, 124)).toBe("Rated 4.8 out of 5 from 124 reviews");
    expect(ratingLabel(5, 1)).toBe("Rated 5 out of 5 from 1 review");
  });
});

describe("productJsonLd", () => {
  it("describes the product with an offer in GBP, its availability and rating", () => {
    const data = productJsonLd(cap, "https://ridgeway-racing.example");
    expect(data).toMatchObject({
      "@type": "Product",
      name: cap.name,
      image: "https://ridgeway-racing.example/media/store/team-cap-red.svg",
      url: "https://ridgeway-racing.example/store/team-cap-red",
      aggregateRating: { ratingValue: 4.8, reviewCount: 124, bestRating: 5, worstRating: 1 },
      offers: {
        priceCurrency: "GBP",
        price: "25.00",
        availability: "https://schema.org/InStock",
        seller: { "@type": "Organization", name: "Ridgeway Racing", url: "https://ridgeway-racing.example/" },
      },
    });
    const soldOut = productJsonLd({ ...cap, sizes: [{ size: "One Size", stock: 0 }], reviewCount: 0 }, "");
    expect(soldOut.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(soldOut).not.toHaveProperty("aggregateRating");
  });
});

describe("storeJsonLd", () => {
  it("lists every product as a Product with its offer, numbered from 1, without a nested @context", () => {
    const data = storeJsonLd(
      [cap, { ...cap, id: 2, slug: "team-cap-black", sizes: [{ size: "One Size", stock: 0 }] }],
      "https://ridgeway-racing.example",
    );
    expect(data).toMatchObject({ "@type": "ItemList", numberOfItems: 2, url: "https://ridgeway-racing.example/store" });
    expect(data.itemListElement.map((element) => element.position)).toEqual([1, 2]);
    for (const { item } of data.itemListElement) {
      expect(item).not.toHaveProperty("@context");
      expect(item).toMatchObject({
        "@type": "Product",
        name: expect.any(String),
        offers: {
          price: "25.00",
          priceCurrency: "GBP",
          availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
        },
      });
    }
    expect(data.itemListElement[1]!.item.offers.availability).toBe("https://schema.org/OutOfStock");
  });
});

describe("favourites", () => {
  it("reads saved ids and ignores anything else", () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('[1,2,2,"x",-1,3.5]')).toEqual([1, 2]);
    expect(parseFavourites("{bad")).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
  });

  it("toggles a product in and out", () => {
    expect(toggleFavourite([1], 2)).toEqual([1, 2]);
    expect(toggleFavourite([1, 2], 1)).toEqual([2]);
  });
});
