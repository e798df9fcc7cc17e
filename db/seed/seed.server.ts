import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { eq, isNull, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { brand } from "../../app/brand";
import type { Database } from "../client.server";
import * as schema from "../schema";
import { articleSnapshot } from "../../app/features/news/article-snapshot";
import { markdownToRichText } from "../../app/features/news/markdown-to-rich-text.server";
import { ukLocalTime } from "../../app/lib/race-time";
import {
  articleFrontMatter,
  driversFile,
  femaleSideFile,
  galleryFile,
  partnersFile,
  podcastFile,
  seasonFile,
  sponsorshipFile,
  storeFile,
  teamMembersFile,
} from "./content-files";

const contentDir = fileURLToPath(new URL("../../content/", import.meta.url));

const legalIndexSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z-]+$/),
    title: z.string().min(1),
    description: z.string().min(1),
    revisedOn: z.iso.date(),
  }),
);

async function readJson<T>(file: string, shape: z.ZodType<T>): Promise<T> {
  const parsed = shape.safeParse(JSON.parse(await readFile(`${contentDir}${file}`, "utf8")));
  if (!parsed.success) throw new Error(`content/${file} is not valid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Splits "---\n{json}\n---\nmarkdown" into its front matter and body. */
export function splitFrontMatter(source: string, file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`content/${file} needs JSON front matter between --- lines`);
  const parsed = articleFrontMatter.safeParse(JSON.parse(match[1]!));
  if (!parsed.success) throw new Error(`content/${file} front matter is not valid:\n${z.prettifyError(parsed.error)}`);
  return { frontMatter: parsed.data, body: match[2]!.trim() };
}

/**
 * Loads the content files into the database. Rows that already exist are left
 * alone, so a start never overwrites what the team has edited since. All or
 * nothing: a broken file leaves the database as it was.
 */
export async function seedDatabase(db: Database): Promise<void> {
  const content = await readAllContent();
  await db.transaction(async (tx) => {
    const insert = <T extends Parameters<typeof tx.insert>[0]>(table: T, rows: T["$inferInsert"][]) =>
      rows.length ? tx.insert(table).values(rows).onConflictDoNothing() : Promise.resolve();

    await insert(schema.legalDocuments, content.legal);
    await insert(
      schema.drivers,
      content.drivers.map(({ class: racingClass, ...driver }, index) => ({ ...driver, racingClass, sortOrder: index })),
    );
    for (const season of content.seasons) {
      await insert(schema.seasons, [{ year: season.year, published: true }]);
      await insert(
        schema.scoringRules,
        Object.entries(season.scoringRules).map(([racingClass, rules]) => ({ seasonYear: season.year, racingClass, version: 1, rules })),
      );
      await insert(
        schema.rounds,
        season.rounds.map(({ round, circuitInfo, sessions: _sessions, results: _results, ...rest }) => ({
          ...rest,
          seasonYear: season.year,
          roundNumber: round,
          circuitLengthMiles: circuitInfo.lengthMiles,
          circuitTurns: circuitInfo.turns,
        })),
      );
      await insert(
        schema.roundSessions,
        season.rounds.flatMap((round) =>
          (round.sessions ?? []).map((session, index) => ({
            ...session,
            id: `${round.id}-s${index + 1}`,
            roundId: round.id,
            sortOrder: index,
          })),
        ),
      );
      await insert(
        schema.roundResults,
        season.rounds.flatMap((round) =>
          Object.entries(round.results ?? {}).flatMap(([racingClass, entries]) =>
            entries.map((entry) => ({ ...entry, roundId: round.id, racingClass })),
          ),
        ),
      );
    }
    // Exactly one season is current: the latest when none is yet (a fresh install, or a database from before seasons had the flag).
    await tx.execute(sql`
      update seasons set is_current = true
      where year = (select max(year) from seasons) and not exists (select 1 from seasons where is_current)`);
    await insert(schema.teamMembers, content.teamMembers);
    await insert(
      schema.femaleSideMembers,
      content.femaleSide.map((member, index) => ({ ...member, sortOrder: index })),
    );
    await insert(
      schema.articles,
      content.articles.map(({ id, frontMatter: fm, body }) => ({
        id,
        slug: id,
        title: fm.title,
        publishedOn: fm.date,
        // The seed's articles are the published 2025 site: live from the start of their day in the UK.
        status: "published",
        publishAt: ukLocalTime(fm.date, "00:00"),
        category: fm.category,
        venue: fm.venue,
        image: fm.image,
        objectPosition: fm.objectPosition,
        excerpt: fm.excerpt,
        body: markdownToRichText(body),
        bodyMarkdown: body,
        authorName: fm.author?.name,
        authorTitle: fm.author?.title,
        authorImage: fm.author?.image,
        authorLinkedin: fm.author?.linkedin,
        podcastYoutubeUrl: fm.podcastLinks?.youtube,
        podcastSpotifyUrl: fm.podcastLinks?.spotify,
        heroTitle: fm.heroSlide?.title,
        heroSubtitle: fm.heroSlide?.subtitle,
      })),
    );
    // An article stored before bodies were rich text (an install older than the news desk) gets
    // its Markdown converted once, here, where the converter is; pages read only `body`.
    const unconverted = await tx
      .select({ id: schema.articles.id, bodyMarkdown: schema.articles.bodyMarkdown })
      .from(schema.articles)
      .where(isNull(schema.articles.body));
    for (const article of unconverted) {
      await tx
        .update(schema.articles)
        .set({ body: markdownToRichText(article.bodyMarkdown ?? "") })
        .where(eq(schema.articles.id, article.id));
    }
    // Every article starts its History with the text it was imported with, so the first edit
    // in the back office can always be undone (and Preview has a revision to show).
    const withoutHistory = await tx
      .select()
      .from(schema.articles)
      .where(
        notExists(
          tx
            .select({ one: sql`1` })
            .from(schema.articleRevisions)
            .where(eq(schema.articleRevisions.articleId, schema.articles.id)),
        ),
      );
    if (withoutHistory.length) {
      await tx.insert(schema.articleRevisions).values(
        withoutHistory.map((row) => ({
          articleId: row.id,
          version: row.version,
          action: "import",
          snapshot: articleSnapshot(row),
          authorId: null,
        })),
      );
    }
    await insert(
      schema.galleryItems,
      content.gallery.map(({ date, ...item }) => ({ ...item, dateText: date })),
    );
    await insert(
      schema.partners,
      content.partners.map((partner, index) => ({ ...partner, sortOrder: index })),
    );
    await insert(
      schema.sponsorshipTiers,
      content.sponsorship.tiers.map((tier, index) => ({ ...tier, sortOrder: index })),
    );
    await insert(
      schema.podcastEpisodes,
      content.podcast.episodes.map(({ date, ...episode }) => ({ ...episode, publishedOn: date })),
    );
    const { episodes: _episodes, ...podcastShow } = content.podcast;
    const { tiers: _tiers, ...sponsorshipCopy } = content.sponsorship;
    await insert(
      schema.products,
      content.store.products.map(({ variants: _variants, ...product }, index) => ({ ...product, sortOrder: index })),
    );
    // Existing sizes are left alone: their stock changes with every sale.
    await insert(
      schema.productVariants,
      content.store.products.flatMap((product) =>
        product.variants.map((variant, index) => ({ ...variant, productId: product.id, sortOrder: index })),
      ),
    );
    await insert(
      schema.promoCodes,
      content.store.promoCodes.map(({ startsAt, expiresAt, ...promo }) => ({
        ...promo,
        startsAt: startsAt === null ? null : new Date(startsAt),
        expiresAt: expiresAt === null ? null : new Date(expiresAt),
      })),
    );
    // The hero shows the oldest three articles that carry a hero slide, as the site first did.
    const heroArticles = content.articles
      .filter((article) => article.frontMatter.heroSlide)
      .sort((a, b) => a.frontMatter.date.localeCompare(b.frontMatter.date))
      .slice(0, 3);
    await insert(
      schema.heroSlides,
      heroArticles.map(({ id, frontMatter }, index) => ({
        id,
        sortOrder: index,
        title: frontMatter.heroSlide!.title,
        subtitle: frontMatter.heroSlide!.subtitle,
        image: `/media/hero/hero-${index + 1}.svg`,
        href: `/news/${id}`,
      })),
    );
    await insert(schema.siteSettings, [
      {
        id: "site",
        email: brand.email,
        phone: brand.phone,
        address: brand.headquarters,
        officeHours: brand.officeHours.map((line) => ({ ...line })),
        socials: brand.socials.map((social) => ({ ...social })),
        joinTheTeamUrl: brand.joinTheTeamUrl,
      },
    ]);
    await insert(schema.siteContent, [
      { key: "podcast", value: podcastShow },
      { key: "sponsorship", value: sponsorshipCopy },
    ]);
  });
}

async function readAllContent() {
  const legalIndex = await readJson("legal/index.json", legalIndexSchema);
  const seasonFiles = (await readdir(`${contentDir}seasons`)).filter((file) => file.endsWith(".json")).sort();
  const articleFiles = (await readdir(`${contentDir}news`)).filter((file) => file.endsWith(".md")).sort();
  return {
    legal: await Promise.all(
      legalIndex.map(async (entry) => ({
        ...entry,
        bodyMarkdown: await readFile(`${contentDir}legal/${entry.slug}.md`, "utf8"),
      })),
    ),
    seasons: await Promise.all(seasonFiles.map((file) => readJson(`seasons/${file}`, seasonFile))),
    drivers: await readJson("drivers.json", driversFile),
    teamMembers: await readJson("team-members.json", teamMembersFile),
    femaleSide: await readJson("female-side.json", femaleSideFile),
    articles: await Promise.all(
      articleFiles.map(async (file) => ({
        id: file.replace(/\.md$/, ""),
        ...splitFrontMatter(await readFile(`${contentDir}news/${file}`, "utf8"), `news/${file}`),
      })),
    ),
    gallery: await readJson("gallery.json", galleryFile),
    partners: await readJson("partners.json", partnersFile),
    sponsorship: await readJson("sponsorship.json", sponsorshipFile),
    podcast: await readJson("podcast.json", podcastFile),
    store: await readJson("store.json", storeFile),
  };
}
