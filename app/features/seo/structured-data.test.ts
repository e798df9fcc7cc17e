import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, linkListJsonLd, partnersJsonLd, personJsonLd, podcastJsonLd, sportsTeamJsonLd } from "./structured-data";

const publicUrl = "https://ridgeway-racing.example";

describe("structured data", () => {
  it("numbers breadcrumbs from Home with absolute item URLs (what Google requires: position, name, item)", () => {
    const data = breadcrumbJsonLd(publicUrl, [
      { name: "Store", path: "/store" },
      { name: "Red cap", path: "/store/team-cap-red" },
    ]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${publicUrl}/` },
      { "@type": "ListItem", position: 2, name: "Store", item: `${publicUrl}/store` },
      { "@type": "ListItem", position: 3, name: "Red cap", item: `${publicUrl}/store/team-cap-red` },
    ]);
  });

  it("lists pages as ListItems with a position and an absolute url", () => {
    const data = linkListJsonLd(publicUrl, "News", [{ name: "Win", path: "/news/win" }]);
    expect(data).toMatchObject({
      "@type": "ItemList",
      numberOfItems: 1,
      itemListElement: [{ "@type": "ListItem", position: 1, url: `${publicUrl}/news/win` }],
    });
  });

  it("describes the team with its drivers as athletes and its staff as members", () => {
    const data = sportsTeamJsonLd(publicUrl, {
      drivers: [{ name: "Oliver Hartley", role: "F3A Driver", path: "/team?driver=oliver-hartley" }],
      staff: [{ name: "Jane Doe", role: "Team Principal", path: "/team/1", image: "/media/team/jane.svg" }],
    });
    expect(data).toMatchObject({ "@type": "SportsTeam", name: "Ridgeway Racing", url: `${publicUrl}/team`, sport: "Motorsport" });
    expect((data as { athlete: unknown }).athlete).toEqual([
      { "@type": "Person", name: "Oliver Hartley", jobTitle: "F3A Driver", url: `${publicUrl}/team?driver=oliver-hartley` },
    ]);
    expect((data as { member: unknown }).member).toEqual([
      {
        "@type": "Person",
        name: "Jane Doe",
        jobTitle: "Team Principal",
        url: `${publicUrl}/team/1`,
        image: `${publicUrl}/media/team/jane.svg`,
      },
    ]);
  });

  it("gives a person the team as employer, with its url", () => {
    const data = personJsonLd(publicUrl, { name: "Jane Doe", role: "Team Principal", path: "/team/1", description: "Runs the team." });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Jane Doe",
      worksFor: { name: "Ridgeway Racing", url: `${publicUrl}/` },
    });
  });

  it("describes the podcast as a series of episodes with dates, and a publisher with a url", () => {
    const data = podcastJsonLd(publicUrl, {
      show: "Sector 1",
      host: { name: "Sam Host" },
      episodes: [
        { id: 3, title: "Ep 3", publishedOn: "2025-06-01", description: "Talk.", youtubeUrl: "https://video.example/3", spotifyUrl: null },
      ],
    });
    expect(data).toMatchObject({
      "@type": "PodcastSeries",
      name: "Sector 1",
      url: `${publicUrl}/podcast`,
      publisher: { url: `${publicUrl}/` },
    });
    expect(data.hasPart).toEqual([
      {
        "@type": "PodcastEpisode",
        name: "Ep 3",
        description: "Talk.",
        datePublished: "2025-06-01",
        url: `${publicUrl}/podcast`,
        sameAs: ["https://video.example/3"],
      },
    ]);
  });

  it("lists partners as organisations with their own sites", () => {
    const data = partnersJsonLd(publicUrl, [{ name: "Acme Tyres", website: "https://acme.example/", description: "Tyres." }]);
    expect(data.itemListElement).toEqual([
      {
        "@type": "ListItem",
        position: 1,
        item: { "@type": "Organization", name: "Acme Tyres", url: "https://acme.example/", description: "Tyres." },
      },
    ]);
  });
});
