import type { Route } from "./+types/gallery";
import { brand } from "~/brand";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { GalleryCard } from "~/features/gallery/gallery-card";
import { getGalleryItems } from "~/features/gallery/gallery.server";
import { socialUrl } from "~/features/settings/site-settings";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** Cards in the first row on wide screens load straight away; the rest wait until scrolled near. */
const EAGER_CARDS = 3;

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const [items, settings] = await Promise.all([getGalleryItems(context.db), getSiteSettings(context)]);
  return { items, instagramUrl: socialUrl(settings, "Instagram") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gallery",
    description: `Photos from the ${brand.name} 2025 season: the cars, the drivers and the crew at circuits across the UK.`,
  });

export default function GalleryPage({ loaderData: { items, instagramUrl } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SectionHeading
          level={1}
          eyebrow="Gallery"
          title="2025 Season Gallery"
          description="The cars, the drivers and the crew, from the first grid of the season to the last chequered flag."
        />
        {instagramUrl && (
          <div className="mb-8 shrink-0">
            <LinkButton to={instagramUrl} size="lg">
              Follow on Instagram
            </LinkButton>
          </div>
        )}
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id}>
            <GalleryCard item={item} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
    </div>
  );
}
