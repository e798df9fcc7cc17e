import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { partnerDailyCounts, partnerPlacements } from "../../db/schema";
import { SEEN_BEACON_PATH, SEEN_OBJECTION_COOKIE } from "../../app/features/partners/seen";
import { serverForTests } from "../support/server-fixture";
import { openTestDatabase } from "../support/test-database";

/*
 * The optional seen count on the server (ADR 0145): the beacon counts linked pairs for a person's
 * browser, and nothing for an objection, Global Privacy Control, a crawler or a bad body; the
 * objection form on the privacy and cookie policies sets and clears its one cookie without script.
 */

const site = serverForTests({
  prepare: async (testDb) => {
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      await handle.db.insert(partnerPlacements).values([
        { partnerId: "vortex-air-systems", placementId: "partners-page" },
        { partnerId: "vortex-air-systems", placementId: "home" },
      ]);
    } finally {
      await handle.close();
    }
  },
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const beacon = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${SEEN_BEACON_PATH}`, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "text/plain;charset=UTF-8", "User-Agent": BROWSER, ...headers },
    body,
  });

const choose = (page: string, fields: Record<string, string>) =>
  fetch(`${site.url}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

describe("the seen count", () => {
  it("counts a person's beacon for the linked pairs only, and nothing for an objection, GPC, a crawler or a prefetch", async () => {
    const counted = await beacon("partners-page/vortex-air-systems home/vortex-air-systems partners-page/peak-natural-energy");
    expect(counted.status).toBe(204);
    // Twice in one beacon is once.
    expect((await beacon("partners-page/vortex-air-systems partners-page/vortex-air-systems")).status).toBe(204);

    for (const headers of <Array<Record<string, string>>>[
      { Cookie: `${SEEN_OBJECTION_COOKIE}=1` },
      { "Sec-GPC": "1" },
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "User-Agent": "" },
      { "Sec-Purpose": "prefetch" },
    ]) {
      expect((await beacon("partners-page/vortex-air-systems", headers)).status).toBe(204);
    }

    const refused = await beacon("partners-page/../../etc");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Each mark must be <placement>/<partner>" });
    expect((await beacon("")).status).toBe(400);
    expect((await beacon(Array.from({ length: 25 }, (_, i) => `home/partner-${i}`).join(" "))).status).toBe(400);
    expect((await beacon("home/vortex-air-systems ".repeat(200))).status).toBe(413);
    expect((await fetch(`${site.url}${SEEN_BEACON_PATH}`)).status).toBe(405);

    await site.server.stop();
    const handle = await openTestDatabase(site.testDb);
    try {
      const rows = await handle.db
        .select({ partnerId: partnerDailyCounts.partnerId, placementId: partnerDailyCounts.placementId, count: partnerDailyCounts.count })
        .from(partnerDailyCounts)
        .where(and(eq(partnerDailyCounts.metric, "seen")));
      expect(rows.map((row) => `${row.placementId}/${row.partnerId} ${row.count}`).sort()).toEqual([
        "home/vortex-air-systems 1",
        "partners-page/vortex-air-systems 2",
      ]);
    } finally {
      await handle.close();
      await site.restart();
    }
  }, 180_000);

  it("takes the objection on the privacy and cookie policies as a plain form, and gives it back", async () => {
    const objected = await choose("/privacy", { intent: "seen-count", choice: "object" });
    expect(objected.status).toBe(200);
    expect(objected.headers.get("cache-control")).toContain("no-store");
    expect(objected.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^${SEEN_OBJECTION_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`)),
    ]);
    expect(await objected.text()).toContain("Done: this browser no longer counts which partner logos and names you see.");

    const allowed = await choose("/cookies", { intent: "seen-count", choice: "allow" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${SEEN_OBJECTION_COOKIE}=; Max-Age=0; Path=/`))]);

    const unknown = await choose("/privacy", { intent: "seen-count", choice: "maybe" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect((await choose("/terms", { intent: "seen-count", choice: "object" })).status).toBe(405);

    // The page itself, as anyone gets it: the form is there, and it posts without script.
    const page = await (await fetch(`${site.url}/privacy`)).text();
    expect(page).toMatch(/<form [^>]*action="\/privacy#seen-count" method="post"/);
    expect(page).toMatch(/<button type="submit" [^>]*value="object" name="choice">Don&#x27;t count what I see<\/button>/);
  }, 180_000);
});
