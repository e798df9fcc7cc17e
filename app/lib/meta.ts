import { pageTitle } from "~/brand";

/** The title and description tags every page sets. */
export function pageMeta({ title, description }: { title?: string; description: string }) {
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
  ];
}
