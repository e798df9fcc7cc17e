import { ORDER_ACTIONS } from "./order-flow";
import { z } from "~/lib/zod";

/** Which form on the order page was sent. */
export const orderIntentSchema = z.object({ intent: z.enum([...ORDER_ACTIONS, "refund"], { error: "Choose what to do." }) });

/** Every status change names the version the page showed (optimistic concurrency). */
export const statusFormSchema = z.object({
  version: z.coerce
    .number({ error: "The form was incomplete; reload the page." })
    .int()
    .positive({ error: "The form was incomplete; reload the page." }),
  reason: z.string().trim().max(500, { error: "Keep the reason under 500 characters." }).optional().default(""),
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

/** Order numbers as the store makes them (orders.server.ts newOrderNumber). */
export const ORDER_NUMBER_PATTERN = /^RR-[0-9A-Z]{8}$/;
