import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { articleFrontMatter, galleryFile, seasonFile } from "../../db/seed/content-files";

/*
 * The seeded content tells one story: a gallery picture or a race report belongs to a round of
 * the calendar, at that round's circuit, on that weekend, in that weekend's weather (issue 16:
 * gallery venues and dates once disagreed with the calendar, and a photo "at Thruxton" was
 * dated the day the season opened at Silverstone).
 */
const contentDir = path.resolve(import.meta.dirname, "../../content");
const read = (file: string) => readFileSync(path.join(contentDir, file), "utf8");

const seasons = readdirSync(path.join(contentDir, "seasons")).map((file) => seasonFile.parse(JSON.parse(read(`seasons/${file}`))));
const rounds = seasons.flatMap((season) => season.rounds);
const gallery = galleryFile.parse(JSON.parse(read("gallery.json")));
const articles = readdirSync(path.join(contentDir, "news"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => {
    const [, frontMatter] = /^---\n([\s\S]*?)\n---\n/.exec(read(`news/${file}`))!;
    return { slug: file.replace(/\.md$/, ""), ...articleFrontMatter.parse(JSON.parse(frontMatter!)) };
  });

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS));
/** "5 April 2025" → "2025-04-05". */
const fromLongDate = (text: string) => isoDay(new Date(`${text} UTC`));

const RAIN = /\b(rain|wet|spray|soaking|downpour)\b/i;
const SUNSHINE = /\b(sunny|sunshine|blue sky)\b/i;
const WET_WEATHER = ["Wet", "Damp", "Mixed"];

function expectWeatherToAgree(text: string, weather: string, what: string) {
  if (RAIN.test(text)) expect(WET_WEATHER, `${what} speaks of rain, but the round was ${weather}`).toContain(weather);
  if (SUNSHINE.test(text)) expect(weather, `${what} speaks of sunshine`).toBe("Dry");
}

describe("seeded content agrees with the calendar", () => {
  it("reads the season, the gallery and the news", () => {
    expect(rounds.length).toBeGreaterThan(0);
    expect(gallery.length).toBeGreaterThan(0);
    expect(articles.filter((article) => article.category === "Race Reports").length).toBeGreaterThan(0);
  });

  it.each(gallery.map((item) => [item.title, item] as const))("gallery: %s is at a round's circuit on its weekend", (_, item) => {
    const date = fromLongDate(item.date);
    expect(date, `${item.title}: "${item.date}" is not a date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const round = rounds.find((candidate) => candidate.name === item.circuit);
    expect(round, `${item.title}: no round is called "${item.circuit}"`).toBeDefined();
    // The day before the first race is the teams' arrival and testing day.
    expect(
      date >= addDays(round!.startDate, -1) && date <= round!.endDate,
      `${item.title} (${date}) is outside ${round!.name}, ${round!.startDate} to ${round!.endDate}`,
    ).toBe(true);
    expectWeatherToAgree(`${item.description} ${item.alt}`, round!.weather ?? "", item.title);
  });

  it.each(articles.filter((article) => article.category === "Race Reports").map((article) => [article.slug, article] as const))(
    "race report: %s follows its round, at its circuit",
    (_, article) => {
      const round = rounds.find((candidate) => article.venue.startsWith(candidate.circuit));
      expect(round, `${article.slug}: "${article.venue}" is no round's circuit`).toBeDefined();
      expect(
        article.date >= round!.endDate && article.date <= addDays(round!.endDate, 3),
        `${article.slug} (${article.date}) is not within three days after ${round!.name} (${round!.endDate})`,
      ).toBe(true);
      expectWeatherToAgree(`${article.title} ${article.excerpt}`, round!.weather ?? "", article.slug);
    },
  );

  it("dates every gallery picture in a season the calendar has", () => {
    const years = new Set(seasons.map((season) => season.year));
    for (const item of gallery) expect(years).toContain(Number(item.date.slice(-4)));
  });
});
