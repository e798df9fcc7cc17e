import { redirect } from "react-router";
import type { Route } from "./+types/results-index";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { getPublicSeasonYear } from "~/features/calendar/season.server";

/** "Results" in the menu: the rounds of the season the site shows, each with its results sheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "editor");
  const year = await getPublicSeasonYear(context.db);
  throw redirect(year === null ? "/admin/seasons" : `/admin/seasons/${year}`, { headers: BACK_OFFICE_HEADERS });
}
