import { test as base } from "./hydrated-test";

/**
 * Browser tests whose requests should count as one visitor of their own for the
 * server's per-address limits (sign-up: 10 an hour per address). Every browser
 * in a run comes from 127.0.0.1, so each test sends a fresh documentation
 * address (RFC 5737, 198.51.100.0/24 and 203.0.113.0/24) in X-Forwarded-For,
 * which the e2e server honours because it runs with TRUST_PROXY, as it would
 * behind the production proxy.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    const block = Math.random() < 0.5 ? "198.51.100" : "203.0.113";
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": `${block}.${1 + Math.floor(Math.random() * 254)}` });
  },
});
