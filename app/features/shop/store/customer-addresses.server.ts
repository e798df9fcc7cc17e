/** A signed-in customer's saved delivery addresses (dashboard, and the choice at checkout). */
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { customerAddresses, type OrderAddress } from "../../../../db/schema";

/** Most addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10;

export interface SavedAddress extends OrderAddress {
  id: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = {
  id: customerAddresses.id,
  name: customerAddresses.name,
  line1: customerAddresses.line1,
  line2: customerAddresses.line2,
  town: customerAddresses.town,
  county: customerAddresses.county,
  postcode: customerAddresses.postcode,
  country: customerAddresses.country,
};

export async function listSavedAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  return db
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id));
}

/** One of the person's own addresses; null when it is not theirs or does not exist. */
export async function getSavedAddress(db: Database, userId: string, id: string): Promise<SavedAddress | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db
    .select(columns)
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Saves an address (already checked); false when the account already keeps MAX_SAVED_ADDRESSES, or the same one. */
export async function saveAddress(db: Database, userId: string, address: OrderAddress): Promise<"saved" | "full" | "duplicate"> {
  const existing = await listSavedAddresses(db, userId);
  const same = existing.some(
    (saved) =>
      saved.line1.toLowerCase() === address.line1.toLowerCase() &&
      saved.postcode === address.postcode &&
      saved.country === address.country &&
      saved.name.toLowerCase() === address.name.toLowerCase(),
  );
  if (same) return "duplicate";
  if (existing.length >= MAX_SAVED_ADDRESSES) return "full";
  await db.insert(customerAddresses).values({ userId, ...address, line2: address.line2 ?? null, county: address.county ?? null });
  return "saved";
}

export async function deleteSavedAddress(db: Database, userId: string, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const deleted = await db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning({ id: customerAddresses.id });
  return deleted.length === 1;
}

export async function countSavedAddresses(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.userId, userId));
  return row?.n ?? 0;
}
