import type { Route } from "./+types/live";
import { BACK_OFFICE_HEADERS } from "~/features/admin/staff.server";
import { LiveDeskPage } from "~/features/live/live-desk-page";
import { liveDeskRouteAction, loadLiveDesk } from "~/features/live/live-desk-route.server";
import { pageMeta } from "~/lib/meta";

export const loader = ({ request, params, context }: Route.LoaderArgs) => loadLiveDesk(request, context, params.roundId);

export const action = ({ request, params, context }: Route.ActionArgs) => liveDeskRouteAction(request, context, params.roundId);

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Live desk | Back Office", description: "Sessions and the paddock ticker during a round.", path: null });

export default function LiveDeskRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LiveDeskPage loaderData={loaderData} actionData={actionData} />;
}
