import { data } from "react-router";
import type { Route } from "./+types/avatar";
import { getAvatar } from "~/features/account/profile.server";
import { requireUser } from "~/features/account/session.server";
import { appContext } from "~/context";

/**
 * A person's avatar, shown only to that person: the address names the account,
 * so anyone else (or a guessed id) gets the same 404 as an account without one.
 */
export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const avatar = user.id === params.userId ? await getAvatar(context.db, user.id) : null;
  if (!avatar) throw data({ message: "Not found" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(new Uint8Array(avatar.data), {
    headers: {
      "Content-Type": avatar.contentType,
      // The address changes with every upload (?v=), so a copy never goes stale.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
