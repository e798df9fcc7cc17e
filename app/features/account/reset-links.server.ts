import { createHash } from "node:crypto";
import { and, eq, like, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { verifications } from "../../../db/schema";

/** better-auth's identifier for a reset link's row: this, then the link's token. */
export const RESET_LINK_IDENTIFIER_PREFIX = "reset-password:";

/**
 * How a reset link's identifier is stored: the prefix, then the SHA-256 of the whole identifier.
 * Hashed, so a leaked row is not a working link; prefixed, so one account's links can be found
 * (every other kind of row, a two-factor challenge or a trusted device, is hashed whole).
 */
export async function storedResetLinkIdentifier(identifier: string): Promise<string> {
  return RESET_LINK_IDENTIFIER_PREFIX + createHash("sha256").update(identifier).digest("base64url");
}

const resetLinksOf = (userId: string) =>
  and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_LINK_IDENTIFIER_PREFIX}%`));

/**
 * One reset link per account: a new one ends the account's older ones. Only rows older than this
 * one go (of two made in the same millisecond, the one with the smaller id), so when two links
 * are asked for at once exactly one survives, whichever order the two requests finish in.
 */
export async function endOlderResetLinks(
  db: Database,
  link: { id: string; identifier: string; value: string; createdAt: Date },
): Promise<void> {
  if (!link.identifier.startsWith(RESET_LINK_IDENTIFIER_PREFIX)) return;
  const older = or(
    lt(verifications.createdAt, link.createdAt),
    and(eq(verifications.createdAt, link.createdAt), lt(verifications.id, link.id)),
  );
  await db.delete(verifications).where(and(resetLinksOf(link.value), older));
}

/** After a reset: no link of the account works any more, however many were sent. */
export async function endResetLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verifications).where(resetLinksOf(userId));
}
