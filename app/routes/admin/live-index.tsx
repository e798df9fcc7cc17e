import type { Route } from "./+types/live-index";
import { BACK_OFFICE_HEADERS } from "~/features/admin/staff.server";
import { LiveDeskPage } from "~/features/live/live-desk-page";
import { liveDeskRouteAction, loadLiveDesk } from "~/features/live/live-desk-route.server";
import { pageMeta } from "~/lib/meta";

/** The live desk of the round under way, or the next one (the last of the season once it is over). */
export const loader = ({ request, context }: Route.LoaderArgs) => loadLiveDesk(request, context, null);

export const action = ({ request, context }: Route.ActionArgs) => liveDeskRouteAction(request, context, null);

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Live desk | Back Office", description: "Sessions and the paddock ticker during a round.", path: null });

export default function LiveDeskIndexRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LiveDeskPage loaderData={loaderData} actionData={actionData} />;
}
