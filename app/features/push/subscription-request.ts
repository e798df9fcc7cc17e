import { z } from "~/lib/zod";
import { PUSH_KINDS, type PushKind } from "./push-content";

/*
 * What a browser sends to keep its push subscription (issue 40): the subscription as
 * `PushSubscription.toJSON()` gives it, the fan's choices, and a copy of the spoiler-free mode.
 * One schema for the page that sends it and the endpoint that reads it.
 */

export { MAX_PUSH_REQUEST_BYTES, PUSH_SUBSCRIPTION_PATH, PUSH_UNSUBSCRIBE_PATH } from "./subscription-request-path";

const base64UrlBytes = (bytes: number, what: string) =>
  z
    .string({ message: `${what} is missing` })
    .regex(/^[\w-]+={0,2}$/, `${what} must be URL-safe base64`)
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes, `${what} must be ${bytes} bytes`);

export const browserSubscriptionSchema = z.object({
  endpoint: z.url({ message: "The subscription's endpoint must be an https: address" }).max(1024, "The endpoint is too long"),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: base64UrlBytes(65, "The subscription's p256dh key"),
    auth: base64UrlBytes(16, "The subscription's auth secret"),
  }),
});

const roundId = z.string().regex(/^[\w-]{1,80}$/, "A round id is letters, digits, _ and -");

export const pushChoicesSchema = z.object({
  kinds: z
    .array(z.enum(PUSH_KINDS, { message: `A kind is one of ${PUSH_KINDS.join(", ")}` }))
    .min(1, "Choose at least one kind of notification")
    .max(PUSH_KINDS.length)
    .transform((kinds) => PUSH_KINDS.filter((kind) => kinds.includes(kind))),
  driverIds: z
    .array(z.string().regex(/^[\w-]{1,80}$/, "A driver id is letters, digits, _ and -"))
    .max(40, "Too many drivers")
    .transform((ids) => [...new Set(ids)]),
});

export const spoilerFreeCopySchema = z
  .object({
    until: z.iso.datetime({ offset: true, message: "until must be an ISO date and time" }),
    revealedRoundIds: z.array(roundId).max(24, "Too many revealed rounds"),
  })
  .nullable();

export const subscriptionRequestSchema = z.object({
  subscription: browserSubscriptionSchema,
  /** The endpoint this browser had before (a subscription renewed by the browser): its choices move here. */
  replaces: z.url().max(1024).optional(),
  /** Absent: keep what is stored (a visit's re-sync). */
  choices: pushChoicesSchema.optional(),
  /** Absent: keep the stored copy (the service worker cannot read the cookie). */
  spoilerFree: spoilerFreeCopySchema.optional(),
});

export const unsubscribeRequestSchema = z.object({ endpoint: z.url().max(1024) });

export type PushChoices = { kinds: PushKind[]; driverIds: string[] };
export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

/** The endpoint's answer: the choices stored for this browser. */
export interface SubscriptionAnswer {
  choices: PushChoices;
}
