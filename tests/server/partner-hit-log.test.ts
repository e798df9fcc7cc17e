import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { partnerDailyCounts, partnerHitLogOffsets, partnerPlacements } from "../../db/schema";
import { startNginx, type CachingProxy } from "../support/caching-proxy";
import { serverForTests } from "../support/server-fixture";
import { openTestDatabase } from "../support/test-database";

/*
 * Partner counts through nginx's cache (ADR 0130): Debian's nginx runs deploy/nginx/page-cache.conf
 * in front of the app, logs the pages its cache answers without asking the app, and the app reads
 * that log and counts it by the same rules as its own pages, each line once, across a restart.
 * On either database.
 */

const hasNginx = spawnSync("nginx", ["-v"]).status === 0;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PARTNER = "vortex-air-systems";

describe.runIf(hasNginx || process.env.CI)("partner counts through nginx's cache", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "ridgeway-partner-hits-"));
  const hitLog = path.join(scratch, "partner-hits.log");
  const site = serverForTests({
    env: { PARTNER_IMPRESSIONS_VIA: "nginx", PARTNER_HIT_LOG: hitLog },
    prepare: async (testDb) => {
      const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
      try {
        await handle.db.insert(partnerPlacements).values({ partnerId: PARTNER, placementId: "home" });
      } finally {
        await handle.close();
      }
    },
  });
  let proxy: CachingProxy;

  beforeAll(async () => {
    proxy = await startNginx(site.server.url, { partnerHitLog: hitLog });
  });
  afterAll(async () => {
    await proxy?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const visit = async (headers: Record<string, string>) => {
    const response = await fetch(`${proxy.url}/`, { headers });
    await response.text();
    expect(response.status).toBe(200);
    // The header that names the partners stays between the app and nginx.
    expect(response.headers.get("x-partner-impressions")).toBeNull();
    return response.headers.get("x-cache-status");
  };

  async function homeImpressions(): Promise<{ impressions: number; offset: number | null }> {
    const handle = await openTestDatabase(site.testDb);
    try {
      const rows = await handle.db
        .select({ placementId: partnerDailyCounts.placementId, metric: partnerDailyCounts.metric, count: partnerDailyCounts.count })
        .from(partnerDailyCounts)
        .where(eq(partnerDailyCounts.partnerId, PARTNER));
      const [offset] = await handle.db.select().from(partnerHitLogOffsets).where(eq(partnerHitLogOffsets.path, hitLog));
      const impressions = rows.filter((row) => row.placementId === "home" && row.metric === "impression");
      return { impressions: impressions.reduce((sum, row) => sum + Number(row.count), 0), offset: offset?.offset ?? null };
    } finally {
      await handle.close();
    }
  }

  it("counts the app's own answer and nginx's hits for people, not for a crawler or a prefetch, each line once across a restart", async () => {
    // The first visitor reaches the app, which counts it; the next ones get nginx's copy.
    expect(await visit({ "user-agent": BROWSER })).toBe("MISS");
    for (let i = 0; i < 4; i++) expect(await visit({ "user-agent": BROWSER })).toBe("HIT");
    expect(await visit({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBe("HIT");
    expect(await visit({ "user-agent": BROWSER, "sec-purpose": "prefetch" })).toBe("HIT");

    // nginx logged every hit, with the header it kept with the page.
    const lines = readFileSync(hitLog, "utf8").trim().split("\n");
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.split("\t")[3]).toContain(`home/${PARTNER}`);

    // Stopping reads the log one last time before the last batch is written.
    await site.server.stop();
    const first = await homeImpressions();
    expect(first.impressions).toBe(1 + 4);
    expect(first.offset).toBe(statSync(hitLog).size);

    // A new process starts where the last one stopped: nothing is counted twice.
    await site.restart();
    await site.server.stop();
    expect((await homeImpressions()).impressions).toBe(5);
    await site.restart();
  }, 240_000);
});
