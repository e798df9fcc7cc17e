import type { BreadcrumbList, ItemList, Organization, Person, PodcastSeries, SportsTeam, WithContext } from "schema-dts";
import { brand } from "~/brand";
import { absoluteUrl } from "~/lib/meta";

/*
 * schema.org data for the pages that have a subject (ADR 0078), typed against schema-dts. Every
 * URL is absolute, and every organisation named inside another thing carries its `url`.
 */

/** The team as the organisation nested in other things (publisher, seller, employer). */
export function teamOrganization(publicUrl: string): Organization {
  return { "@type": "SportsOrganization", name: brand.name, url: `${publicUrl}/` };
}

export interface Crumb {
  name: string;
  path: string;
}

/** Where the page sits: Home › … › the page itself. */
export function breadcrumbJsonLd(publicUrl: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...crumbs].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}

/** A list page's items as a schema.org ItemList of links (what search engines read as a carousel). */
export function linkListJsonLd(
  publicUrl: string,
  name: string,
  items: ReadonlyArray<{ name: string; path: string }>,
): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      url: absoluteUrl(publicUrl, item.path),
    })),
  };
}

export interface TeamPerson {
  name: string;
  role: string;
  /** The person's own page, when they have one. */
  path?: string;
  image?: string | null;
}

function person(publicUrl: string, member: TeamPerson): Exclude<Person, string> {
  return {
    "@type": "Person",
    name: member.name,
    jobTitle: member.role,
    ...(member.path && { url: absoluteUrl(publicUrl, member.path) }),
    ...(member.image && { image: absoluteUrl(publicUrl, member.image) }),
  };
}

/** The team page: the team with its drivers (athletes) and staff (members). */
export function sportsTeamJsonLd(
  publicUrl: string,
  { drivers, staff }: { drivers: readonly TeamPerson[]; staff: readonly TeamPerson[] },
): WithContext<SportsTeam> {
  return {
    "@context": "https://schema.org",
    "@type": "SportsTeam",
    name: brand.name,
    url: absoluteUrl(publicUrl, "/team"),
    sport: "Motorsport",
    athlete: drivers.map((driver) => person(publicUrl, driver)),
    member: staff.map((member) => person(publicUrl, member)),
  };
}

/** A driver's or staff member's page. */
export function personJsonLd(publicUrl: string, member: TeamPerson & { description?: string }): WithContext<Person> {
  return {
    "@context": "https://schema.org",
    ...person(publicUrl, member),
    ...(member.description && { description: member.description }),
    worksFor: teamOrganization(publicUrl),
  } as WithContext<Person>;
}

export interface PodcastShow {
  show: string;
  host: { name: string };
  episodes: ReadonlyArray<{
    id: string | number;
    title: string;
    publishedOn: string;
    description: string;
    youtubeUrl?: string | null;
    spotifyUrl?: string | null;
  }>;
}

/** The podcast page: the series and its episodes, each with where to hear it. */
export function podcastJsonLd(publicUrl: string, podcast: PodcastShow): WithContext<PodcastSeries> {
  const url = absoluteUrl(publicUrl, "/podcast");
  return {
    "@context": "https://schema.org",
    "@type": "PodcastSeries",
    name: podcast.show,
    url,
    author: { "@type": "Person", name: podcast.host.name },
    publisher: teamOrganization(publicUrl),
    hasPart: podcast.episodes.map((episode) => ({
      "@type": "PodcastEpisode",
      name: episode.title,
      description: episode.description,
      datePublished: episode.publishedOn,
      url,
      ...(episode.youtubeUrl || episode.spotifyUrl
        ? { sameAs: [episode.youtubeUrl, episode.spotifyUrl].filter((link): link is string => Boolean(link)) }
        : {}),
    })),
  };
}

/** The partners page: each partner as an organisation with its own site. */
export function partnersJsonLd(
  publicUrl: string,
  partners: ReadonlyArray<{ name: string; website: string; description: string }>,
): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: `${brand.name} partners`,
    url: absoluteUrl(publicUrl, "/partners"),
    numberOfItems: partners.length,
    itemListElement: partners.map((partner, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: { "@type": "Organization", name: partner.name, url: partner.website, description: partner.description },
    })),
  };
}
