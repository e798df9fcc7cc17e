import { data } from "react-router";
import type { Route } from "./+types/live-posts";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { liveDeskAction } from "~/features/live/live-desk-actions.server";
import { appContext } from "~/context";

/**
 * Where the phone's outbox sends ticker posts (JSON answers): 200 once stored (or already
 * stored under the post's key), 400/409/413 when refused, anything else means "try again".
 */
export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const outcome = await liveDeskAction(context, staff, params.roundId, request);
  return data(outcome.answer, { status: outcome.status, headers: BACK_OFFICE_HEADERS });
}

/** Nothing to read here: the outbox posts to it. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  await requireStaff(request, appContext(routerContext), "editor");
  throw data(
    { message: "Ticker posts are sent to this address; the desk is one level up." },
    { status: 404, headers: BACK_OFFICE_HEADERS },
  );
}
