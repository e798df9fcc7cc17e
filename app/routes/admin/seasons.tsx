import { data, Form, Link, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/seasons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskInputRefused, deskWrite } from "~/features/admin/desk/desk-write.server";
import { createSeason, listDeskSeasons, setCurrentSeason, setSeasonPublished } from "~/features/results/results-desk.server";
import { newSeasonSchema } from "~/features/results/results-form";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  return data({ seasons: await listDeskSeasons(context.db) }, { headers: BACK_OFFICE_HEADERS });
}

const seasonChange = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  version: z.coerce.number().int().min(1),
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const form = Object.fromEntries(await readForm(request));
  switch (form.intent) {
    case "create": {
      const parsed = newSeasonSchema.safeParse(form);
      if (!parsed.success) return deskInputRefused(firstErrorPerField(parsed.error, "dotted path"));
      const { year } = parsed.data;
      return deskWrite(
        context,
        staff,
        (tx) => createSeason(tx, year),
        () => `The ${year} season is created, unpublished. Add its rounds, then publish it.`,
      );
    }
    case "publish":
    case "unpublish": {
      const parsed = seasonChange.safeParse(form);
      if (!parsed.success) return deskInputRefused(firstErrorPerField(parsed.error, "dotted path"));
      const { year, version } = parsed.data;
      const published = form.intent === "publish";
      return deskWrite(
        context,
        staff,
        (tx) => setSeasonPublished(tx, year, version, published),
        () => (published ? `The ${year} season is on the public site.` : `The ${year} season is off the public site.`),
      );
    }
    case "set-current": {
      const parsed = seasonChange.safeParse(form);
      if (!parsed.success) return deskInputRefused(firstErrorPerField(parsed.error, "dotted path"));
      const { year, version } = parsed.data;
      return deskWrite(
        context,
        staff,
        (tx) => setCurrentSeason(tx, year, version),
        () => `${year} is now the current season.`,
      );
    }
    default:
      return deskInputRefused({ intent: "Unknown action" }, "Unknown action.");
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Seasons | Back Office", description: "Seasons, rounds and results.", path: null });

export default function SeasonsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const nextYear = Math.max(new Date().getUTCFullYear(), ...loaderData.seasons.map((season) => season.year)) + 1;
  return (
    <>
      <SectionHeading
        level={1}
        title="Seasons"
        description="One season is current: the home page, calendar and driver pages open on it. Only published seasons are on the public site."
      />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <ul className="grid gap-3">
        {loaderData.seasons.map((season) => (
          <li key={season.year} className="rounded-card border border-line bg-surface p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h2 className="font-display text-3xl font-bold">{season.year}</h2>
              {season.isCurrent && <Badge tone="accent">Current</Badge>}
              <Badge tone={season.published ? "success" : "warning"}>{season.published ? "Published" : "Not published"}</Badge>
              <span className="text-sm text-muted">
                {season.roundCount} {season.roundCount === 1 ? "round" : "rounds"}
              </span>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                to={`/admin/seasons/${season.year}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-semibold uppercase tracking-wide hover:border-muted"
              >
                Rounds and results<span className="sr-only"> of {season.year}</span>
              </Link>
              <Form method="post" className="contents">
                <input type="hidden" name="year" value={season.year} />
                <input type="hidden" name="version" value={season.version} />
                {!season.isCurrent && (
                  <Button
                    type="submit"
                    name="intent"
                    value={season.published ? "unpublish" : "publish"}
                    variant="secondary"
                    disabled={busy}
                  >
                    {season.published ? "Withdraw" : "Publish"}
                    <span className="sr-only"> {season.year}</span>
                  </Button>
                )}
                {!season.isCurrent && season.published && (
                  <Button type="submit" name="intent" value="set-current" variant="secondary" disabled={busy}>
                    Make current<span className="sr-only"> {season.year}</span>
                  </Button>
                )}
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-season-heading" className="mt-10 max-w-md">
        <h2 id="new-season-heading" className="text-2xl font-bold uppercase">
          New season
        </h2>
        <p className="mt-1 text-sm text-muted">
          Starts unpublished, with each class&apos;s scoring rules carried over from the season before.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <FormField
            label="Year"
            name="year"
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            required
            defaultValue={nextYear}
            error={actionData?.errors.year}
            className="w-40"
          />
          <Button type="submit" name="intent" value="create" disabled={busy}>
            Create season
          </Button>
        </Form>
      </section>
    </>
  );
}
