import type { Route } from "./+types/dashboard-security-export";
import { exportAccountData } from "~/features/account/account-data.server";
import { requireUser } from "~/features/account/session.server";
import { appContext } from "~/context";

/** Download my data: a JSON file of what the site holds about the signed-in person. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const exported = await exportAccountData(context.db, user.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  const day = exported.exportedAt.slice(0, 10);
  context.log.info("account data exported");
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="ridgeway-racing-account-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
