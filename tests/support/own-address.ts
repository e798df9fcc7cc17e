import { createHash } from "node:crypto";

/**
 * The client address a browser test's requests come from, for the server's per-address limits
 * (sign-in: 3 per 10 s; sign-up: 10 an hour; contact: 5 per 10 minutes). Every browser in a run
 * connects from 127.0.0.1, so each test sends an address of its own in X-Forwarded-For, which the
 * servers the specs run against honour (they run with TRUST_PROXY, as behind the production
 * proxy); hydrated-test.ts sets it for every test's page, context and `request`.
 *
 * The address is derived from the test, not drawn at random: SHA-256 of Playwright's test id
 * (which names the file, the title path and the project) with the retry and repeat index, into
 * IPv6's documentation prefix 2001:db8::/32 (RFC 3849), 96 bits of it. The same test gets the same
 * address on every run, a retry gets a fresh one (the server's limits remember the first try), and
 * two tests share one with a chance of about n²/2^97: none, for any suite. Servers that group IPv6
 * clients by /64 still see 32 bits of the hash (n²/2^33: about 1 in 10,000 for 1,000 tests).
 * Before (issue 42) it was one of 508 IPv4 documentation addresses at random, and 30 tests shared
 * one in about 58 % of runs.
 */
export function clientAddressFor(test: { testId: string; retry: number; repeatEachIndex: number }): string {
  const digest = createHash("sha256").update(`${test.testId}#${test.retry}#${test.repeatEachIndex}`).digest();
  const groups = Array.from({ length: 6 }, (_, index) => digest.readUInt16BE(index * 2).toString(16));
  return `2001:db8:${groups.join(":")}`;
}
