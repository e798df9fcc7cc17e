import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/people-desk-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { DiffView, formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { approveDriverChange, pendingDriverChanges, rejectDriverChange } from "~/features/people-desk/driver-changes.server";
import { listPeople, undeletePerson } from "~/features/people-desk/people-desk.server";
import {
  approveChangeForm,
  editMeta,
  PEOPLE_KIND_INFO,
  peopleKindOfPath,
  peopleListQuery,
  rejectChangeForm,
  type PeopleKind,
} from "~/features/people-desk/people-forms";
import { jsonDiff } from "~/lib/json-diff";
import { firstErrorPerField } from "~/lib/form-errors";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";

function kindOf(url: URL): PeopleKind {
  const kind = peopleKindOfPath(url.pathname);
  if (!kind) throw data({ message: "There is nothing at this address in the back office." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return kind;
}

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const kind = kindOf(url);
  const parsed = peopleListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { q: "", deleted: false, page: 1 };
  const [list, pending] = await Promise.all([
    listPeople(context.db, kind, query),
    kind === "drivers" && !query.deleted ? pendingDriverChanges(context.db) : [],
  ]);
  return data(
    { kind, query, ...list, pending, queryErrors: parsed.success ? {} : firstErrorPerField(parsed.error) },
    { status: parsed.success ? 200 : 400, headers: BACK_OFFICE_HEADERS },
  );
}

const listIntent = z.object({ intent: z.enum(["approve-change", "reject-change", "undelete"], { error: "Choose what to do." }) });

type Notice = { tone: "error" | "success"; message: string; errors: Record<string, string>; changeId?: number };

const answer = deskAnswer<Notice>;

export async function action({ request, url, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const kind = kindOf(url);
  const form = Object.fromEntries(await readForm(request));
  const intent = listIntent.safeParse(form);
  if (!intent.success) return answer({ tone: "error", message: "Choose what to do.", errors: firstErrorPerField(intent.error) }, 400);

  if (intent.data.intent === "undelete") {
    const parsed = editMeta.extend({ id: z.string().min(1).max(80) }).safeParse(form);
    if (!parsed.success)
      return answer({ tone: "error", message: "The form was incomplete; reload the page.", errors: firstErrorPerField(parsed.error) }, 400);
    const result = await undeletePerson(context, staff, kind, parsed.data.id, parsed.data.version, parsed.data.reason);
    if (!result.ok) return answer({ tone: "error", message: result.message, errors: {} }, result.kind === "conflict" ? 409 : 404);
    return answer({ tone: "success", message: `${result.value.name} is back on the site.`, errors: {} });
  }

  if (kind !== "drivers") return answer({ tone: "error", message: "Only drivers send changes for approval.", errors: {} }, 400);
  if (intent.data.intent === "approve-change") {
    const parsed = approveChangeForm.safeParse(form);
    if (!parsed.success)
      return answer({ tone: "error", message: "The form was incomplete; reload the page.", errors: firstErrorPerField(parsed.error) }, 400);
    const result = await approveDriverChange(context, staff, parsed.data.changeId, parsed.data.version);
    if (!result.ok) {
      const message =
        result.kind === "conflict"
          ? "The driver's profile was edited since this page was opened; look at the change again before approving it."
          : result.message;
      return answer({ tone: "error", message, errors: {}, changeId: parsed.data.changeId }, result.kind === "conflict" ? 409 : 404);
    }
    return answer({ tone: "success", message: `Approved: ${result.value.name}'s new profile is on the site.`, errors: {} });
  }
  const parsed = rejectChangeForm.safeParse(form);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: Object.values(errors)[0]!, errors, changeId: Number(form.changeId) || undefined }, 400);
  }
  const result = await rejectDriverChange(context, staff, parsed.data.changeId, parsed.data.reason);
  if (!result.ok) return answer({ tone: "error", message: result.message, errors: {} }, result.kind === "conflict" ? 409 : 404);
  return answer({ tone: "success", message: "Rejected; the driver will see your reason on their dashboard.", errors: {} });
}

export const meta: Route.MetaFunction = (args) => {
  const kind = (args.loaderData as { kind?: PeopleKind } | undefined)?.kind ?? "drivers";
  return pageMeta(args, { title: `${PEOPLE_KIND_INFO[kind].title} | Back Office`, description: "People on the site.", path: null });
};

export default function PeopleDeskList({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, query, rows, total, pageCount, pending, queryErrors } = loaderData;
  const info = PEOPLE_KIND_INFO[kind];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.deleted) params.set("deleted", "1");
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `?${text}` : ".";
  };
  return (
    <>
      <SectionHeading
        level={1}
        title={info.title}
        description={`The ${info.singular}s the public site shows. Changes show on the site as soon as they are saved.`}
      />
      <p className="-mt-4 mb-6">
        <LinkButton to={`/admin/${kind}/new`}>New {info.singular}</LinkButton>
      </p>
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}

      {kind === "drivers" && !query.deleted && (
        <section aria-labelledby="pending-heading" className="mb-10 grid gap-3">
          <h2 id="pending-heading" className="text-2xl font-bold uppercase">
            Waiting for approval {pending.length > 0 && <span className="text-accent-text">({pending.length})</span>}
          </h2>
          {pending.length === 0 ? (
            <p className="text-sm text-muted">No driver has sent a change to their profile.</p>
          ) : (
            <ul className="grid gap-4">
              {pending.map((change) => {
                const rejectErrors = actionData?.changeId === change.id ? actionData.errors : {};
                return (
                  <li key={change.id}>
                    <article
                      aria-labelledby={`change-${change.id}-heading`}
                      className="min-w-0 rounded-card border border-line bg-surface p-4"
                    >
                      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                        <h3 id={`change-${change.id}-heading`} className="min-w-0 break-words font-sans text-lg font-semibold">
                          {change.driverName}&apos;s profile
                        </h3>
                        <p className="text-xs text-muted">
                          Sent {change.submittedBy ? `by ${change.submittedBy} ` : ""}
                          <time dateTime={change.submittedAt}>{formatAuditTime(change.submittedAt)}</time>
                        </p>
                      </header>
                      <DiffView
                        diff={jsonDiff({ bio: change.current.bio, photo: change.current.image }, { bio: change.bio, photo: change.image })}
                      />
                      <details className="mt-3">
                        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold underline">
                          Read the new bio in full
                        </summary>
                        <p className="mt-2 whitespace-pre-line break-words text-sm">{change.bio}</p>
                      </details>
                      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
                        <Form method="post">
                          <input type="hidden" name="intent" value="approve-change" />
                          <input type="hidden" name="changeId" value={change.id} />
                          <input type="hidden" name="version" value={change.current.version} />
                          <Button type="submit" disabled={busy}>
                            Approve and publish<span className="sr-only"> {change.driverName}&apos;s change</span>
                          </Button>
                        </Form>
                        <Form method="post" className="flex min-w-0 flex-1 flex-col gap-2">
                          <input type="hidden" name="intent" value="reject-change" />
                          <input type="hidden" name="changeId" value={change.id} />
                          <label htmlFor={`reject-reason-${change.id}`} className="text-sm font-medium">
                            Reason the driver will see
                          </label>
                          <textarea
                            id={`reject-reason-${change.id}`}
                            name="reason"
                            rows={2}
                            className={inputClasses}
                            aria-invalid={rejectErrors.reason ? true : undefined}
                            aria-describedby={rejectErrors.reason ? `reject-reason-${change.id}-error` : undefined}
                          />
                          {rejectErrors.reason && (
                            <p id={`reject-reason-${change.id}-error`} role="alert" className="text-sm text-danger">
                              {rejectErrors.reason}
                            </p>
                          )}
                          <Button type="submit" variant="secondary" disabled={busy} className="self-start">
                            Reject<span className="sr-only"> {change.driverName}&apos;s change</span>
                          </Button>
                        </Form>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="list-heading" className="grid gap-3">
        <h2 id="list-heading" className="text-2xl font-bold uppercase">
          {query.deleted ? `Deleted ${info.singular}s` : `All ${info.singular}s`}
        </h2>
        <Form method="get" role="search" aria-label={info.title} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
            <label htmlFor="people-desk-q" className="text-sm font-medium">
              Name or role
            </label>
            <input
              id="people-desk-q"
              name="q"
              type="search"
              defaultValue={query.q}
              className={inputClasses}
              aria-invalid={queryErrors.q ? true : undefined}
              aria-describedby={queryErrors.q ? "people-desk-q-error" : undefined}
            />
            {queryErrors.q && (
              <p id="people-desk-q-error" role="alert" className="text-sm text-danger">
                {queryErrors.q}
              </p>
            )}
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="deleted" value="1" defaultChecked={query.deleted} className="size-5 accent-accent" />
            Deleted only
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        <p className="text-sm text-muted" role="status">
          {total === 1 ? `1 ${info.singular}` : `${total.toLocaleString("en-GB")} ${info.singular}s`}
          {query.q ? ` matching “${query.q}”` : ""}
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {rows.map((row) => (
            <li key={row.id} className="flex min-w-0 items-center gap-3 rounded-card border border-line bg-surface p-3">
              {row.thumbnail ? (
                <img
                  src={row.thumbnail}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 shrink-0 rounded-lg bg-surface-raised object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-14 shrink-0 rounded-lg bg-surface-raised" />
              )}
              <div className="min-w-0 flex-1">
                <h3 className="break-words font-sans text-base font-semibold">
                  <Link to={`/admin/${kind}/${row.id}`} className="underline-offset-2 hover:underline">
                    {row.name}
                  </Link>
                </h3>
                <p className="break-words text-sm text-muted">{row.role}</p>
                {row.pendingChange && <Badge tone="warning">Change waiting</Badge>}
              </div>
              {row.deletedAt && (
                <Form method="post">
                  <input type="hidden" name="intent" value="undelete" />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy} className="min-h-11">
                    Undo delete<span className="sr-only"> of {row.name}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Pagination page={query.page} pageCount={pageCount} href={pageLink} className="mt-2" />
      </section>
    </>
  );
}
