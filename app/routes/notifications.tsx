import { Link } from "react-router";
import type { Route } from "./+types/notifications";
import { SectionHeading } from "~/components/ui/section-heading";
import { PUSH_KINDS, type PushKind } from "~/features/push/push-content";
import { NotificationChoices } from "~/features/push/notification-choices";
import { driversToFollow } from "~/features/push/push-subscriptions.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** ?kinds=result,session&driver=<id>: what a "notify me" link asks for, ticked when the page opens. */
export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const drivers = await driversToFollow(context.db);
  const asked = (url.searchParams.get("kinds") ?? "")
    .split(",")
    .filter((kind): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind));
  const driver = url.searchParams.get("driver");
  return {
    drivers,
    initial: {
      kinds: asked.length > 0 ? asked : [...PUSH_KINDS],
      driverIds: drivers.some((known) => known.id === driver) ? [driver!] : [],
    },
    available: context.push !== undefined,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Notifications",
    description:
      "Hear from Ridgeway Racing the moment it happens: sessions, results, race reports and shop drops, for the drivers you choose.",
  });

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { drivers, initial, available } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        eyebrow="Stay in the loop"
        title="Notifications"
        description="Hear from the team the moment it happens, on this phone or computer: choose what, and for which drivers."
      />
      <div className="mb-8 grid gap-3 text-sm text-muted">
        <p>
          No account needed. We keep only this browser&apos;s push address and what you choose here, and delete them when you turn
          notifications off.{" "}
          <Link to="/privacy" className="font-semibold text-accent-text underline">
            Privacy policy
          </Link>
        </p>
        <p>On iPhone and iPad: add the site to your Home Screen first (Share, then Add to Home Screen) and open it from there.</p>
        <noscript>
          <p className="font-semibold text-text">Notifications need JavaScript: turn it on for this site to choose them.</p>
        </noscript>
      </div>
      {available ? (
        <NotificationChoices drivers={drivers} initial={initial} />
      ) : (
        <p role="status">Notifications are not available on this site just now.</p>
      )}
    </section>
  );
}
