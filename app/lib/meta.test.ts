import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta";

const publicUrl = "https://ridgeway-racing.example";
const args = (pathname: string) => ({ location: { pathname }, matches: [{ id: "root", loaderData: { publicUrl } }] });

describe("pageMeta", () => {
  it("gives every page a title, canonical URL, Open Graph and Twitter card with absolute URLs", () => {
    const tags = pageMeta(args("/calendar"), { title: "Race Calendar", description: "Every round." });
    expect(tags).toContainEqual({ title: "Race Calendar | Ridgeway Racing" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${publicUrl}/calendar` });
    expect(tags).toContainEqual({ property: "og:url", content: `${publicUrl}/calendar` });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    expect(tags).toContainEqual({ property: "og:image", content: `${publicUrl}/media/share-card.png` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("points a page served on a second URL at its one canonical path", () => {
    const tags = pageMeta(args("/race-reports/cadwell"), {
      title: "Cadwell",
      description: "Report.",
      path: "/news/cadwell",
      image: "/media/news/cadwell.svg",
      type: "article",
    });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${publicUrl}/news/cadwell` });
    expect(tags).toContainEqual({ property: "og:image", content: `${publicUrl}/media/news/cadwell.svg` });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
  });

  it("marks pages without a canonical URL, such as not-found pages, noindex", () => {
    const tags = pageMeta(args("/team/99"), { title: "Team member not found", description: "Nobody.", path: null });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
  });
});
