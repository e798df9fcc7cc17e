/**
 * How unpaid orders may hold stock (ADR 0033). place_order enforces it in the same statement
 * that reserves the stock; pricing reports the per-line cap to the shopper first.
 */
export interface HoldPolicy {
  /** Most open unpaid orders for one customer e-mail; null: no cap. */
  holdsPerCustomer: number | null;
  /** Most open unpaid orders from one client address; null: no cap. */
  holdsPerClient: number | null;
  /** Most of a size's remaining stock one unpaid order may hold, in percent (at least one unit); null: no cap. */
  holdSharePercent: number | null;
}

export const DEFAULT_HOLD_POLICY: HoldPolicy = { holdsPerCustomer: 2, holdsPerClient: 2, holdSharePercent: 50 };
