const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", trailingZeroDisplay: "stripIfInteger" });

/** A package price from integer pence: "£1,000" for whole pounds, "£299.50" otherwise. */
export function formatPackagePrice(pence: number): string {
  return pounds.format(pence / 100);
}
