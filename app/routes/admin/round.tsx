import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/round";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { auditedWrite } from "~/features/admin/audit.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { DeskInputError, deskInputRefused, deskWrite } from "~/features/admin/desk/desk-write.server";
import { HistoryPanel } from "~/features/admin/audit-views";
import { RESTORE_INTENT } from "~/features/admin/history-form";
import { entityHistory } from "~/features/admin/history.server";
import { restoreAction } from "~/features/admin/desk/restore.server";
import { createRound, getDeskRound, getSeasonRounds, roundRestoreTarget, updateRound } from "~/features/results/rounds-desk.server";
import { nestFormFields, roundSchema } from "~/features/results/results-form";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext, type RequestContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const NEW_ROUND = "new";
/** Empty session rows under the existing ones, so a session can be added without JavaScript. */
const SPARE_SESSION_ROWS = 2;

async function loadSeason(context: RequestContext, yearParam: string) {
  const season = /^\d{4}$/.test(yearParam) ? await getSeasonRounds(context.db, Number(yearParam)) : null;
  if (!season) throw data({ message: "There is no such season." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return season;
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const { season } = await loadSeason(context, params.year);
  const created = url.searchParams.has("created");
  if (params.id === NEW_ROUND)
    return data({ year: season.year, round: null, created: false, history: [] }, { headers: BACK_OFFICE_HEADERS });
  const round = await getDeskRound(context.db, params.id);
  if (!round || round.seasonYear !== season.year)
    throw data({ message: "There is no such round." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const history = await entityHistory(context.db, "round", round.id, { currentVersion: round.version });
  return data({ year: season.year, round, created, history }, { headers: BACK_OFFICE_HEADERS });
}

/** Session rows left wholly empty are the spare ones: not sessions. */
function withoutEmptySessions(fields: Record<string, unknown>) {
  const sessions = Array.isArray(fields.sessions) ? (fields.sessions as Array<Record<string, string> | undefined>) : [];
  return { ...fields, sessions: sessions.filter((session) => session && Object.values(session).some((value) => value.trim() !== "")) };
}

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const { season } = await loadSeason(context, params.year);
  const form = await readForm(request);
  if (form.get("intent") === RESTORE_INTENT && params.id !== NEW_ROUND) {
    const round = await getDeskRound(context.db, params.id);
    if (!round) throw data({ message: "There is no such round." }, { status: 404, headers: BACK_OFFICE_HEADERS });
    try {
      const restored = await restoreAction(
        context,
        staff,
        form,
        roundRestoreTarget(round.id, `${round.seasonYear} R${round.roundNumber} ${round.name}`),
      );
      return data({ ...restored.data, errors: {} as Record<string, string> }, restored.init ?? undefined);
    } catch (error) {
      if (error instanceof DeskInputError) return deskInputRefused({}, error.message);
      throw error;
    }
  }
  const parsed = roundSchema.safeParse(withoutEmptySessions(nestFormFields(form)));
  if (!parsed.success) return deskInputRefused(firstErrorPerField(parsed.error, "dotted path"));
  if (params.id === NEW_ROUND) {
    try {
      const created = await auditedWrite(context, staff, (tx) => createRound(tx, season.year, parsed.data));
      if (created.ok)
        throw redirect(`/admin/seasons/${season.year}/rounds/${created.value.id}?created=1`, { headers: BACK_OFFICE_HEADERS });
      return deskInputRefused({}, created.message);
    } catch (error) {
      if (error instanceof DeskInputError) return deskInputRefused({ [error.field]: error.message }, error.message);
      throw error;
    }
  }
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1) return deskInputRefused({ version: "Reload the page and try again" });
  return deskWrite(
    context,
    staff,
    (tx) => updateRound(tx, params.id, version, parsed.data),
    () => "Round saved. The public calendar shows it now.",
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Round | Back Office", description: "A round and its sessions.", path: null });

export default function RoundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { year, round, created, history } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const sessionRows = [...(round?.sessions ?? []), ...Array.from({ length: SPARE_SESSION_ROWS }, () => null)];
  const text = (
    name: string,
    label: string,
    value: string | number | null | undefined,
    props: Partial<Parameters<typeof FormField>[0]> = {},
  ) => <FormField label={label} name={name} defaultValue={value ?? ""} error={errors[name]} {...props} />;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={`/admin/seasons/${year}`} className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
          ← {year} season
        </Link>
      </p>
      <SectionHeading level={1} title={round ? `Round ${round.roundNumber}: ${round.name}` : `New ${year} round`} />
      {actionData ? (
        <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>
      ) : (
        created && <FormNotice tone="success">Round created.</FormNotice>
      )}
      {round && (
        <p className="mb-6">
          <Link to={`/admin/results/${round.id}`} className="inline-flex min-h-11 items-center font-semibold text-accent-text underline">
            Enter this round&apos;s results
          </Link>
        </p>
      )}
      {/* The key renews the form after a save, so its fields show what was stored. */}
      <Form method="post" key={round?.version ?? "new"} className="grid gap-8">
        {round && <input type="hidden" name="version" value={round.version} />}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold uppercase">Round</legend>
          {text("roundNumber", "Round number", round?.roundNumber, { type: "number", inputMode: "numeric", min: 1, required: true })}
          {text("name", "Name", round?.name, { required: true })}
          {text("startDate", "First day", round?.startDate, { type: "date", required: true })}
          {text("endDate", "Last day", round?.endDate, {
            type: "date",
            required: true,
            hint: "UK local dates; the weekend runs 09:00–18:00 UK time.",
          })}
          {text("organizer", "Organising club", round?.organizer, { required: true })}
          {text("location", "Location", round?.location, { required: true })}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold uppercase">Circuit</legend>
          {text("circuit", "Circuit", round?.circuit, { required: true })}
          {text("circuitSlug", "Circuit short name", round?.circuitSlug, { required: true, hint: "Lower-case, e.g. silverstone-national" })}
          {text("circuitUrl", "Circuit website", round?.circuitUrl, { type: "url", required: true })}
          {text("layoutImage", "Layout image", round?.layoutImage, {
            required: true,
            hint: "A /media/ path, e.g. /media/circuits/anglesey.svg",
          })}
          {text("flagCode", "Flag code", round?.flagCode ?? "gb-eng", { required: true })}
          {text("circuitLengthMiles", "Length (miles)", round?.circuitLengthMiles, {
            type: "number",
            inputMode: "decimal",
            step: "0.01",
            min: 0,
            required: true,
          })}
          {text("circuitTurns", "Turns", round?.circuitTurns, { type: "number", inputMode: "numeric", min: 1, required: true })}
          {text("raceLengthMinutes", "Race length (minutes)", round?.raceLengthMinutes, {
            type: "number",
            inputMode: "numeric",
            min: 1,
            required: true,
          })}
          {text("weather", "Weather", round?.weather, { hint: "Once the weekend has run" })}
          {text("trackTemperatureC", "Track temperature (°C)", round?.trackTemperatureC, { type: "number", inputMode: "numeric" })}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-xl font-bold uppercase">Sessions</legend>
          <p className="text-sm text-muted">
            Practice, qualifying and races, in order. Name races &quot;Race 1&quot;, &quot;Race 2&quot;…: the results sheet has one column
            per race. Leave the time empty while it is not announced; empty a row to remove it.
          </p>
          {sessionRows.map((session, index) => (
            <div key={index} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-[2fr_1fr_1fr]">
              {text(`sessions.${index}.name`, `Session ${index + 1} name`, session?.name)}
              {text(`sessions.${index}.date`, `Session ${index + 1} day`, session?.date, { type: "date" })}
              {text(`sessions.${index}.time`, `Session ${index + 1} time (UK)`, session?.time, { type: "time" })}
            </div>
          ))}
        </fieldset>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            {round ? "Save round" : "Create round"}
          </Button>
        </div>
      </Form>
      {round && (
        <div className="mt-12">
          <HistoryPanel entries={history} currentVersion={round.version} />
        </div>
      )}
    </>
  );
}
