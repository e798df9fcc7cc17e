import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { users } from "../../../db/schema";

/** What the Security page shows about the signed-in person's account. */
export async function loadSecurityOverview(db: Database, userId: string) {
  const [account] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return { emailVerified: account?.emailVerified ?? false };
}
