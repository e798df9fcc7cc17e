/**
 * Delivery addresses: UK postcode rules, country names and the checks the checkout form,
 * the dashboard's saved addresses and the server share. No Zod here (browser code imports
 * it); the server's schema (address-schema.ts) uses these same rules and messages.
 */

/** An address as entered; the stored shape is OrderAddress (db/schema/shop.ts). */
export interface AddressInput {
  name: string;
  line1: string;
  line2?: string | null;
  town: string;
  county?: string | null;
  postcode: string;
  country: string;
}

export type AddressField = keyof AddressInput;
export const ADDRESS_FIELDS: readonly AddressField[] = ["name", "line1", "line2", "town", "county", "postcode", "country"];

/** Form field names at checkout (prefixed, so they never clash with the customer's own fields). */
export const ADDRESS_FORM_FIELDS: Record<AddressField, string> = {
  name: "shipName",
  line1: "shipLine1",
  line2: "shipLine2",
  town: "shipTown",
  county: "shipCounty",
  postcode: "shipPostcode",
  country: "shipCountry",
};

export const ADDRESS_LIMITS = { name: 200, line1: 200, line2: 200, town: 100, county: 100, postcode: 16 } as const;

export const ADDRESS_MESSAGES = {
  name: "Enter the name of the person receiving the parcel",
  line1: "Enter the first line of the address",
  town: "Enter the town or city",
  postcode: "Enter the postcode",
  postcodeInvalid: "Enter a real UK postcode, like SW1A 1AA",
  country: "Choose a country we deliver to",
  tooLong: "This is too long",
} as const;

/** The United Kingdom's ISO 3166-1 alpha-2 code (not "UK"). */
export const UK = "GB";

// The Royal Mail format: outward code (area, district) + inward code (sector, unit).
const UK_POSTCODE =
  /^([A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2}$/;

/**
 * A UK postcode in its standard form ("sw1a1aa" → "SW1A 1AA"), or null when it is not one.
 * Also accepts GIR 0AA (Girobank). Spaces anywhere and lower case are forgiven.
 */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (compact.length < 5 || compact.length > 7) return null;
  if (compact === "GIR0AA") return "GIR 0AA";
  const spaced = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return UK_POSTCODE.test(spaced) ? spaced : null;
}

export function isUkPostcode(input: string): boolean {
  return normaliseUkPostcode(input) !== null;
}

/** A postcode for `country`: UK ones are checked and normalised; others trimmed and upper-cased. */
export function normalisePostcode(input: string, country: string): string | null {
  if (country === UK) return normaliseUkPostcode(input);
  const trimmed = input.trim().replace(/\s+/g, " ").toUpperCase();
  return trimmed.length >= 2 && trimmed.length <= ADDRESS_LIMITS.postcode ? trimmed : null;
}

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** "GB" → "United Kingdom"; an unknown code is returned as it is. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether `code` is an ISO 3166-1 alpha-2 code that names a country. */
export function isCountryCode(code: string): boolean {
  // "UK" is only reserved in ISO 3166-1, though Intl names it: the United Kingdom is "GB".
  return /^[A-Z]{2}$/.test(code) && code !== "UK" && countryName(code) !== code;
}

export type AddressErrors = Partial<Record<AddressField, string>>;

const trimmed = (value: string | null | undefined) => value?.trim() ?? "";

/**
 * Checks an address against the countries shipped to; returns the cleaned address (trimmed,
 * empty optional lines as null, postcode normalised) or the field errors.
 */
export function checkAddress(
  input: Partial<Record<AddressField, string | null | undefined>>,
  shipsTo: readonly string[],
): { ok: true; address: AddressInput } | { ok: false; errors: AddressErrors } {
  const errors: AddressErrors = {};
  const value = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, trimmed(input[field])])) as Record<AddressField, string>;
  const country = value.country.toUpperCase() || (shipsTo.length === 1 ? shipsTo[0]! : "");
  if (!value.name) errors.name = ADDRESS_MESSAGES.name;
  if (!value.line1) errors.line1 = ADDRESS_MESSAGES.line1;
  if (!value.town) errors.town = ADDRESS_MESSAGES.town;
  for (const field of ["name", "line1", "line2", "town", "county", "postcode"] as const) {
    if (value[field].length > ADDRESS_LIMITS[field]) errors[field] = ADDRESS_MESSAGES.tooLong;
  }
  if (!shipsTo.includes(country)) errors.country = ADDRESS_MESSAGES.country;
  let postcode: string | null = null;
  if (!value.postcode) errors.postcode ??= ADDRESS_MESSAGES.postcode;
  else {
    postcode = normalisePostcode(value.postcode, country);
    if (postcode === null) errors.postcode ??= country === UK ? ADDRESS_MESSAGES.postcodeInvalid : ADDRESS_MESSAGES.postcode;
  }
  if (Object.keys(errors).length > 0 || postcode === null) return { ok: false, errors };
  return {
    ok: true,
    address: {
      name: value.name,
      line1: value.line1,
      line2: value.line2 || null,
      town: value.town,
      county: value.county || null,
      postcode,
      country,
    },
  };
}

/** The address as lines for a label, a page or an e-mail. */
export function addressLines(address: AddressInput): string[] {
  return [address.name, address.line1, address.line2, address.town, address.county, address.postcode, countryName(address.country)].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
}
