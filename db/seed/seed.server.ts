import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { Database } from "../client.server";
import { legalDocuments } from "../schema";

const contentDir = fileURLToPath(new URL("../../content/", import.meta.url));

const legalIndexSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z-]+$/),
    title: z.string().min(1),
    description: z.string().min(1),
    revisedOn: z.iso.date(),
  }),
);

/**
 * Loads the content files into an empty database. Rows that already exist are
 * left alone, so a start never overwrites what the team has edited since.
 */
export async function seedDatabase(db: Database): Promise<void> {
  const index = legalIndexSchema.parse(
    JSON.parse(await readFile(`${contentDir}legal/index.json`, "utf8")),
  );
  const rows = await Promise.all(
    index.map(async (entry) => ({
      ...entry,
      bodyMarkdown: await readFile(`${contentDir}legal/${entry.slug}.md`, "utf8"),
    })),
  );
  await db.insert(legalDocuments).values(rows).onConflictDoNothing();
}
