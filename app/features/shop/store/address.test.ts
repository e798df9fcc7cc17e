import { describe, expect, it } from "vitest";
import { addressLines, checkAddress, countryName, isCountryCode, isUkPostcode, normalisePostcode, normaliseUkPostcode } from "./address";

describe("UK postcodes", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA"],
    ["sw1a1aa", "SW1A 1AA"],
    [" sp11  8pw ", "SP11 8PW"],
    ["M1 1AE", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["DN55 1PT", "DN55 1PT"],
    ["W1A 0AX", "W1A 0AX"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["gir 0aa", "GIR 0AA"],
  ])("accepts %s as %s", (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
    expect(isUkPostcode(input)).toBe(true);
  });

  it.each([
    "",
    "SW1A",
    "SW1A 1A",
    "12345",
    "QW1 1AA", // Q cannot start a postcode
    "SW1A 1CA", // C is never in the inward code's letters
    "AAA 1AA",
    "SW1A 1AAA",
    "SW1A-1AA",
    "V1 1AA",
  ])("refuses %j", (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });

  it("only checks the UK format for the UK; other countries' codes are tidied", () => {
    expect(normalisePostcode("75001", "FR")).toBe("75001");
    expect(normalisePostcode(" d02 x285 ", "IE")).toBe("D02 X285");
    expect(normalisePostcode("75001", "GB")).toBeNull();
    expect(normalisePostcode("x", "FR")).toBeNull();
  });
});

describe("countries", () => {
  it("names ISO codes and knows a code from a guess", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("IE")).toBe("Ireland");
    expect(isCountryCode("GB")).toBe(true);
    expect(isCountryCode("UK")).toBe(false);
    expect(isCountryCode("gb")).toBe(false);
    expect(isCountryCode("XX")).toBe(false);
  });
});

describe("checkAddress", () => {
  const good = { name: " Alex Fan ", line1: "1 Pit Lane", line2: " ", town: "Andover", county: "", postcode: "sp118pw", country: "GB" };

  it("cleans a good address: trimmed, empty optional lines null, postcode normalised", () => {
    expect(checkAddress(good, ["GB"])).toEqual({
      ok: true,
      address: { name: "Alex Fan", line1: "1 Pit Lane", line2: null, town: "Andover", county: null, postcode: "SP11 8PW", country: "GB" },
    });
  });

  it("takes the only country shipped to when none is sent", () => {
    expect(checkAddress({ ...good, country: undefined }, ["GB"])).toMatchObject({ ok: true, address: { country: "GB" } });
    expect(checkAddress({ ...good, country: undefined }, ["GB", "IE"])).toEqual({
      ok: false,
      errors: { country: "Choose a country we deliver to" },
    });
  });

  it("says what is missing, too long, or not delivered to", () => {
    expect(checkAddress({}, ["GB"])).toEqual({
      ok: false,
      errors: {
        name: "Enter the name of the person receiving the parcel",
        line1: "Enter the first line of the address",
        town: "Enter the town or city",
        postcode: "Enter the postcode",
      },
    });
    expect(checkAddress({ ...good, line1: "x".repeat(201) }, ["GB"])).toEqual({ ok: false, errors: { line1: "This is too long" } });
    expect(checkAddress({ ...good, country: "US", postcode: "90210" }, ["GB"])).toEqual({
      ok: false,
      errors: { country: "Choose a country we deliver to" },
    });
    expect(checkAddress({ ...good, postcode: "NOT A CODE" }, ["GB"])).toEqual({
      ok: false,
      errors: { postcode: "Enter a real UK postcode, like SW1A 1AA" },
    });
  });

  it("prints an address as label lines", () => {
    const checked = checkAddress({ ...good, county: "Hampshire" }, ["GB"]);
    expect(checked.ok && addressLines(checked.address)).toEqual([
      "Alex Fan",
      "1 Pit Lane",
      "Andover",
      "Hampshire",
      "SP11 8PW",
      "United Kingdom",
    ]);
  });
});
