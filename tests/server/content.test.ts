import { existsSync } from "node:fs";
import path from "node:path";
import { isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { getSeason } from "../../app/features/calendar/season.server";
import { getDriversWithSeason } from "../../app/features/team/drivers.server";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();

describe("seeded content", () => {
  it("has the 2025 calendar from the spec, in order", async () => {
    const season = await getSeason(suite.db);
    expect(season?.year).toBe(2025);
    expect(season!.rounds.map((round) => [round.roundNumber, round.startDate, round.endDate])).toEqual([
      [1, "2025-04-05", "2025-04-05"],
      [2, "2025-05-10", "2025-05-11"],
      [3, "2025-06-07", "2025-06-08"],
      [4, "2025-07-05", "2025-07-06"],
      [5, "2025-08-09", "2025-08-10"],
      [6, "2025-08-23", "2025-08-23"],
      [7, "2025-09-06", "2025-09-06"],
      [8, "2025-10-04", "2025-10-04"],
      [9, "2025-11-02", "2025-11-02"],
    ]);
    for (const round of season!.rounds) expect(["BARC", "MSVR", "CCRC", "HSCC"]).toContain(round.organizer);
    expect(season!.rounds.filter((round) => round.sessions.length === 0)).toHaveLength(1);
  });

  it("computes the drivers' points from their results: 109, 91 and 44", async () => {
    const drivers = await getDriversWithSeason(suite.db, 2025);
    expect(drivers).toHaveLength(7);
    expect(drivers.map((driver) => driver.season.total)).toEqual([109, 91, 44, 0, 0, 0, 0]);
    expect(new Set(drivers.map((driver) => driver.number)).size).toBe(7);
    const oliver = drivers[0]!;
    expect(oliver.season.wins).toBeGreaterThan(0);
    expect(oliver.season.podiums).toBeGreaterThanOrEqual(oliver.season.wins);
  });

  it("has unique team member ids and the other collections the pages need", async () => {
    const members = await suite.db.select().from(schema.teamMembers);
    expect(members.map((member) => member.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await suite.db.select().from(schema.femaleSideMembers)).toHaveLength(4);
    expect(await suite.db.select().from(schema.galleryItems)).toHaveLength(12);
    expect(await suite.db.select().from(schema.partners)).toHaveLength(3);
    const tiers = await suite.db.select().from(schema.sponsorshipTiers);
    expect(tiers.map((tier) => [tier.tier, tier.pricePence])).toEqual([
      ["Bronze", 30000],
      ["Silver", 50000],
      ["Platinum", 100000],
    ]);
    const articles = await suite.db.select().from(schema.articles);
    expect(articles.filter((article) => article.category === "Race Reports")).toHaveLength(6);
    expect(await suite.db.select().from(schema.articles).where(isNotNull(schema.articles.heroTitle))).toHaveLength(3);
    expect(await suite.db.select().from(schema.podcastEpisodes)).toHaveLength(1);
  });

  it("refers only to media files that exist", async () => {
    const paths = [
      ...(await suite.db.select({ p: schema.rounds.layoutImage }).from(schema.rounds)),
      ...(await suite.db.select({ p: schema.drivers.image }).from(schema.drivers)),
      ...(await suite.db.select({ p: schema.teamMembers.image }).from(schema.teamMembers)),
      ...(await suite.db.select({ p: schema.femaleSideMembers.image }).from(schema.femaleSideMembers)),
      ...(await suite.db.select({ p: schema.articles.image }).from(schema.articles)),
      ...(await suite.db.select({ p: schema.galleryItems.image }).from(schema.galleryItems)),
      ...(await suite.db.select({ p: schema.partners.logo }).from(schema.partners)),
      ...(await suite.db.select({ p: schema.podcastEpisodes.thumbnail }).from(schema.podcastEpisodes)),
      ...(await suite.db.select({ p: schema.products.image }).from(schema.products)),
    ].map(({ p }) => p);
    const missing = paths.filter((p) => !existsSync(path.join("public", p)));
    expect(missing).toEqual([]);
  });
});
