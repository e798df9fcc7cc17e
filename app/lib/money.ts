/**
 * Integer pence as pounds with two decimals: 2500 → "£25.00", 599 → "£5.99", 123456 → "£1,234.56",
 * -250 → "-£2.50". Written out rather than through `Intl.NumberFormat`: the store's pages print
 * prices while they hydrate, and a page's first `Intl` formatter costs a phone 20–35 ms (ADR 0112).
 */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Money must be a whole number of pence, got ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}£${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1234567 → "1,234,567" (a whole number, without `Intl`: see formatPence). */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** The same amount for machines (JSON-LD, payment APIs that want decimals): 599 → "5.99". */
export function penceToDecimal(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Money must be a whole number of pence, got ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
