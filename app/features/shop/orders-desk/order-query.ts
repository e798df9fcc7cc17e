import { orderStatuses, type OrderStatus } from "../../../../db/schema/orders";
import { z } from "~/lib/zod";

/** The orders list's search and filters, from the address bar (the export reads the same). */
export const ORDERS_PAGE_SIZE = 25;

const isoDate = z.union([z.literal(""), z.iso.date({ error: "Dates are like 2026-06-01." })]);

export const orderListQuery = z
  .object({
    q: z.string().trim().max(100, { error: "Search for at most 100 characters." }).default(""),
    status: z.union([z.literal(""), z.enum(orderStatuses, { error: "Choose a status from the list." })]).default(""),
    from: isoDate.default(""),
    to: isoDate.default(""),
    product: z.union([z.literal(""), z.coerce.number().int().positive({ error: "Choose a product from the list." })]).default(""),
    email: z.string().trim().max(254).default(""),
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], error: "The end date is before the start date." });

export type OrderListQuery = z.infer<typeof orderListQuery>;

export const EMPTY_ORDER_QUERY: OrderListQuery = { q: "", status: "", from: "", to: "", product: "", email: "", page: 1 };

/** The query as address-bar parameters (empty ones left out), e.g. for page links and the export. */
export function orderQueryString(query: OrderListQuery, overrides: Partial<OrderListQuery> = {}): string {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const ORDER_STATUS_FILTERS: ReadonlyArray<{ value: OrderStatus; label: string }> = [
  { value: "paid", label: "Paid (to pack)" },
  { value: "packed", label: "Packed (to ship)" },
  { value: "shipped", label: "Shipped" },
  { value: "delivered", label: "Delivered" },
  { value: "cancelled", label: "Cancelled" },
  { value: "pending_payment", label: "Awaiting payment" },
  { value: "failed", label: "Payment failed" },
  { value: "expired", label: "Expired unpaid" },
];
