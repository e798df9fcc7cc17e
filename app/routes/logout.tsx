import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/features/account/login.server";
import { appContext } from "~/context";

/** Sign Out (header, mobile menu, dashboard) posts here; the visitor lands on /login. */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of await signOut(request, context)) headers.append("Set-Cookie", cookie);
  return redirect("/login", { headers });
}

// Signing out changes state, so it is a POST only; a visit to /logout just goes home.
export function loader() {
  return redirect("/");
}
