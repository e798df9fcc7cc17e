import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { avatars, users } from "../../../db/schema";
import { avatarPath } from "./avatar";

/**
 * Saves a new name and, when given, a processed avatar, together: a failed save
 * changes nothing. Only the signed-in person's own row is ever touched.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: { name: string; avatar?: { webp: Buffer; version: string } },
): Promise<void> {
  await db.transaction(async (tx) => {
    const image = changes.avatar ? avatarPath(userId, changes.avatar.version) : undefined;
    await tx
      .update(users)
      .set({ name: changes.name, ...(image ? { image } : {}), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (changes.avatar) {
      const row = { userId, contentType: "image/webp", data: changes.avatar.webp, updatedAt: new Date() };
      await tx.insert(avatars).values(row).onConflictDoUpdate({ target: avatars.userId, set: row });
    }
  });
}

export async function getAvatar(db: Database, userId: string) {
  const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId));
  return row ?? null;
}
