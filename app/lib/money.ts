const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** Integer pence as pounds with two decimals: 2500 → "£25.00", 599 → "£5.99". */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Money must be a whole number of pence, got ${pence}`);
  return gbp.format(pence / 100);
}

/** The same amount for machines (JSON-LD, payment APIs that want decimals): 599 → "5.99". */
export function penceToDecimal(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Money must be a whole number of pence, got ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
