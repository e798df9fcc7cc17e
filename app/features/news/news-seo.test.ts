import { describe, expect, it } from "vitest";
import { articleJsonLd } from "./news-seo";

const publicUrl = "https://ridgeway-racing.example";
const article = {
  id: "cadwell-park-mountain-battle",
  title: "Mountain Battle at Cadwell",
  excerpt: "Hartley wins.",
  publishedOn: "2025-09-07",
  image: "/media/news/cadwell.svg",
  author: { name: "Helen Carver", title: "Technical Director", image: null, linkedin: null, isTeam: false },
};

describe("articleJsonLd", () => {
  it("describes a NewsArticle with absolute URLs, the author and the team as publisher", () => {
    expect(articleJsonLd(article, publicUrl)).toEqual({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Mountain Battle at Cadwell",
      description: "Hartley wins.",
      datePublished: "2025-09-07",
      image: ["https://ridgeway-racing.example/media/news/cadwell.svg"],
      mainEntityOfPage: "https://ridgeway-racing.example/news/cadwell-park-mountain-battle",
      url: "https://ridgeway-racing.example/news/cadwell-park-mountain-battle",
      author: { "@type": "Person", name: "Helen Carver", jobTitle: "Technical Director" },
      publisher: { "@type": "Organization", name: "Ridgeway Racing", url: publicUrl },
    });
  });

  it("names the team as an Organization for an article nobody signed", () => {
    const unsigned = { ...article, author: { name: "Ridgeway Racing", title: null, image: null, linkedin: null, isTeam: true } };
    expect(articleJsonLd(unsigned, publicUrl).author).toEqual({ "@type": "Organization", name: "Ridgeway Racing" });
  });

  it("leaves the author out when there is none", () => {
    expect(articleJsonLd({ ...article, author: null }, publicUrl)).not.toHaveProperty("author");
  });
});
