import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/people";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { ROLE_LABELS } from "~/features/account/roles";
import { changeStaffRole, PEOPLE_PAGE_SIZE, roleChangeSummary, searchPeople } from "~/features/admin/people.server";
import { peopleSearchSchema, staffRoleChangeSchema } from "~/features/admin/people-form";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from "~/features/admin/staff-roles";
import { requireStepUp } from "~/features/admin/step-up.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";
import { Pagination } from "~/components/ui/pagination";
import { pageCountOf } from "~/lib/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "admin");
  const parsed = peopleSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return data(
      {
        people: [],
        total: 0,
        search: { q: url.searchParams.get("q") ?? "", staff: false, page: 1 },
        pageCount: 1,
        selfId: staff.id,
        errors: firstErrorPerField(parsed.error),
      },
      { status: 400, headers: BACK_OFFICE_HEADERS },
    );
  }
  const { people, total } = await searchPeople(context.db, { query: parsed.data.q, staffOnly: parsed.data.staff, page: parsed.data.page });
  const pageCount = pageCountOf(total, PEOPLE_PAGE_SIZE);
  return data(
    { people, total, search: parsed.data, pageCount, selfId: staff.id, errors: {} as Record<string, string> },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "admin");
  const form = await readForm(request);
  const parsed = staffRoleChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return deskAnswer({ tone: "error" as const, message: Object.values(errors)[0]!, errors }, 400);
  }
  const { intent, userId, role, reason } = parsed.data;
  await requireStepUp(request, context, staff, form, await roleChangeSummary(context.db, { userId, role, grant: intent === "grant-role" }));
  const outcome = await changeStaffRole(context, staff, { userId, role, grant: intent === "grant-role", reason });
  if (!outcome.ok) {
    return data({ tone: "error" as const, message: outcome.message, errors: {} }, { status: outcome.status, headers: BACK_OFFICE_HEADERS });
  }
  return data({ tone: "success" as const, message: outcome.message, errors: {} }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "People | Back Office", description: "Staff roles.", path: null });

export default function PeoplePage({ loaderData, actionData }: Route.ComponentProps) {
  const { people, total, search, pageCount, selfId, errors } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (search.q) params.set("q", search.q);
    if (search.staff) params.set("staff", "1");
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <>
      <SectionHeading
        level={1}
        title="People"
        description="Give staff the roles they need. A role can be given only to someone with two-factor authentication on; if they turn it off, their roles wait until you confirm them again."
      />
      <ul className="mb-6 grid gap-1 text-sm text-muted">
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <span className="font-semibold text-text">{STAFF_ROLE_LABELS[role]}:</span> {STAFF_ROLE_DESCRIPTIONS[role]}
          </li>
        ))}
      </ul>
      <Form method="get" role="search" aria-label="People" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
          <label htmlFor="people-q" className="text-sm font-medium">
            Name or e-mail
          </label>
          <input
            id="people-q"
            name="q"
            type="search"
            defaultValue={search.q}
            className={inputClasses}
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? "people-q-error" : undefined}
          />
          {errors.q && (
            <p id="people-q-error" role="alert" className="text-sm text-danger">
              {errors.q}
            </p>
          )}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="staff" value="1" defaultChecked={search.staff} className="size-5 accent-accent" />
          Staff only
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <p className="mb-3 text-sm text-muted" role="status">
        {total === 1 ? "1 person" : `${total.toLocaleString("en-GB")} people`}
        {search.q ? ` matching “${search.q}”` : ""}
      </p>
      <ul className="grid gap-3">
        {people.map((person) => {
          const missing = STAFF_ROLES.filter((role) => !person.staffRoles.includes(role));
          return (
            <li key={person.id} className="min-w-0 rounded-card border border-line bg-surface p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h2 className="min-w-0 break-words font-sans text-lg font-semibold">
                  {person.name}
                  {person.id === selfId && <span className="text-sm font-normal text-muted"> (you)</span>}
                </h2>
                <p className="text-xs text-muted">
                  {ROLE_LABELS[person.accountRole]} account ·{" "}
                  {person.twoFactorEnabled ? (
                    <span className="text-success">two-factor on</span>
                  ) : (
                    <span className="text-warning">two-factor off</span>
                  )}
                </p>
              </div>
              <p className="break-all text-sm text-muted">{person.email}</p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {person.staffRoles.length === 0 && <span className="text-sm text-muted">No staff roles</span>}
                {person.staffRoles.map((role) => {
                  const waiting = person.pendingRoles.includes(role);
                  return (
                    <div key={role} className="inline-flex flex-wrap items-center gap-1">
                      <Badge tone={waiting ? "warning" : role === "admin" ? "accent" : "neutral"}>
                        {STAFF_ROLE_LABELS[role]}
                        {waiting && " · waiting"}
                      </Badge>
                      {waiting && person.twoFactorEnabled && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="grant-role" />
                          <input type="hidden" name="userId" value={person.id} />
                          <input type="hidden" name="role" value={role} />
                          <Button
                            type="submit"
                            variant="secondary"
                            size="sm"
                            disabled={busy}
                            className="min-h-11 normal-case tracking-normal"
                          >
                            Confirm
                            <span className="sr-only">
                              {" "}
                              {STAFF_ROLE_LABELS[role]} role for {person.name}
                            </span>
                          </Button>
                        </Form>
                      )}
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-role" />
                        <input type="hidden" name="userId" value={person.id} />
                        <input type="hidden" name="role" value={role} />
                        <Button type="submit" variant="ghost" size="sm" disabled={busy} className="min-h-11 normal-case tracking-normal">
                          Remove
                          <span className="sr-only">
                            {" "}
                            {STAFF_ROLE_LABELS[role]} role from {person.name}
                          </span>
                        </Button>
                      </Form>
                    </div>
                  );
                })}
              </div>
              {person.pendingRoles.length > 0 && (
                <p className="mt-2 text-sm text-muted">
                  {person.twoFactorEnabled
                    ? "Waiting roles are not in effect: two-factor was turned on after they were given. Confirm them if this is really them."
                    : "Waiting roles are not in effect until they turn on two-factor authentication and you confirm them."}
                </p>
              )}
              {missing.length > 0 && !person.twoFactorEnabled && (
                <p className="mt-3 text-sm text-muted">
                  A staff role can be given once they turn on two-factor authentication (Dashboard → Security).
                </p>
              )}
              {missing.length > 0 && person.twoFactorEnabled && (
                <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="grant-role" />
                  <input type="hidden" name="userId" value={person.id} />
                  <label htmlFor={`grant-${person.id}`} className="sr-only">
                    Staff role to give {person.name}
                  </label>
                  <select id={`grant-${person.id}`} name="role" defaultValue="" required className={`${inputClasses} w-auto min-h-11 py-2`}>
                    <option value="" disabled>
                      Choose a role…
                    </option>
                    {missing.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" size="sm" disabled={busy} className="min-h-11">
                    Grant role<span className="sr-only"> to {person.name}</span>
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      <Pagination page={search.page} pageCount={pageCount} href={pageLink} />
    </>
  );
}
