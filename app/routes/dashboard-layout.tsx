import { data, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard-layout";
import { DashboardNav } from "~/features/account/dashboard-nav";
import { requireUser } from "~/features/account/session.server";
import { staffRolesOf } from "~/features/admin/staff.server";
import { appContext } from "~/context";

// Every dashboard loader and action checks the session itself too: loaders run in
// parallel, so this layout's check alone would not keep a child's data private.
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const staff = (await staffRolesOf(context.db, user.id)).length > 0;
  return data({ role: user.role, staff }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  // The server decides who may see a page; while it answers, say so.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/dashboard");
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <DashboardNav role={loaderData.role} staff={loaderData.staff} />
      <p role="status" className="mb-4 text-sm text-muted empty:hidden">
        {loading ? "Loading..." : ""}
      </p>
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Outlet />
      </div>
    </div>
  );
}
