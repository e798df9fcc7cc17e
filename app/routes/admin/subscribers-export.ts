import type { Route } from "./+types/subscribers-export";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { subscribersCsv } from "~/features/inbox/subscribers.server";
import { subscriberQuery } from "~/features/inbox/subscribers";
import { appContext } from "~/context";

/** The subscribers the list's search shows, as CSV with their consent (subscribers.server.ts). */
export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const { q, state } = subscriberQuery(url);
  const csv = await subscribersCsv(context.db, { query: q, state });
  context.log.info({ staffId: staff.id, state, filtered: q !== "" }, "newsletter subscribers exported");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
    },
  });
}
