import { data, isRouteErrorResponse, Link, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { LinkButton } from "~/components/ui/link-button";
import { AdminNav } from "~/features/admin/admin-nav";
import { visibleAreas } from "~/features/admin/areas";
import { BACK_OFFICE_HEADERS, requireAnyStaff } from "~/features/admin/staff.server";
import { stepUpPromptOf } from "~/features/admin/step-up";
import { StepUpScreen } from "~/features/admin/step-up-screen";
import { STAFF_ROLE_LABELS } from "~/features/admin/staff-roles";
import { pageMeta } from "~/lib/meta";
import { BACK_OFFICE_STYLESHEET } from "~/lib/stylesheet-handle";
import { appContext } from "~/context";

// Every admin loader and action checks the role itself too: loaders run in parallel, so
// this layout's check alone would not keep a child's data private.
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const staff = await requireAnyStaff(request, context);
  return data({ name: staff.name, roles: staff.roles }, { headers: BACK_OFFICE_HEADERS });
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const handle = BACK_OFFICE_STYLESHEET;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Back Office", description: "Ridgeway Racing's back office.", path: null });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div data-admin-frame className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <div
        data-admin-chrome
        className="mb-6 flex flex-col gap-3 border-b border-line pb-4 lg:mb-0 lg:border-b-0 lg:border-r lg:pb-0 lg:pr-4"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 lg:flex-col">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Back office</p>
          <p className="text-sm text-muted">
            {loaderData.name} · {loaderData.roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ")}
          </p>
        </div>
        <AdminNav areas={visibleAreas(loaderData.roles)} />
      </div>
      <div className="min-w-0">
        <p role="status" data-admin-chrome className="mb-4 text-sm text-muted empty:hidden">
          {loading ? "Loading..." : ""}
        </p>
        <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A sensitive change refused until the person confirms it's them (ADR 0100).
  const stepUp = stepUpPromptOf(error);
  if (stepUp) return <StepUpScreen prompt={stepUp} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : null;
  const title = status === 403 ? "Not available" : status === 404 ? "Not found" : "Something went wrong";
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="mb-2 text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Back office</p>
      <h1 className="text-4xl font-bold uppercase">{title}</h1>
      <p className="mt-4 text-muted">
        {message ??
          (status === 404
            ? "There is nothing at this address in the back office."
            : status >= 500
              ? "We hit a problem showing this page. Please try again in a moment."
              : "We couldn't handle that request.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 403 ? <LinkButton to="/dashboard">Your account</LinkButton> : <LinkButton to="/admin">Back office home</LinkButton>}
        <Link to="/" className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-muted underline hover:text-text">
          Go to the site
        </Link>
      </div>
    </section>
  );
}
