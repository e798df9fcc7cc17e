import { useCallback, useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/results";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { useUnsavedChangesWarning } from "~/features/admin/unsaved-changes";
import { RESTORE_INTENT } from "~/features/admin/history-form";
import { entityHistory } from "~/features/admin/history.server";
import { restoreAction } from "~/features/admin/desk/restore.server";
import { RecordTabs, recordTabOf } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { getScoringRules } from "~/features/calendar/season.server";
import { formatRoundDates } from "~/features/calendar/schedule";
import { ClassResultsForm } from "~/features/results/class-results-form";
import { CsvImportPanel, type CsvActionData } from "~/features/results/csv-import-panel";
import { DeskInputError, deskInputRefused, deskWrite } from "~/features/admin/desk/desk-write.server";
import {
  CLASS_RESULTS,
  classResultsEntityId,
  classResultsRestoreTarget,
  classResultsVersion,
  getResultsSheet,
  saveClassResults,
} from "~/features/results/round-results.server";
import { applyClassificationImport, previewClassificationImport } from "~/features/results/csv-import.server";
import { classResultsSchema, nestFormFields } from "~/features/results/results-form";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { racePoints } from "~/lib/scoring";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const sheet = params.roundId.length <= 200 ? await getResultsSheet(context.db, params.roundId) : null;
  if (!sheet) throw data({ message: "There is no such round." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const rulesByClass = await getScoringRules(context.db, sheet.round.seasonYear);
  // The points each stored race scores, so the sheet shows what the public pages show.
  const classes = sheet.classes.map((group) => {
    const rules = rulesByClass.get(group.racingClass);
    return {
      ...group,
      drivers: group.drivers.map((driver) => ({
        ...driver,
        racePoints: driver.result && rules ? driver.result.races.map((race) => racePoints(race, rules)) : null,
      })),
    };
  });
  const tab = recordTabOf(request);
  // The History tab: per class, its saves as whole-class snapshots (see classResultsRestoreTarget).
  const histories =
    tab === "history"
      ? await Promise.all(
          sheet.classes.map(async ({ racingClass }) => {
            const version = await classResultsVersion(context.db, sheet.round.id, racingClass);
            const entries = await entityHistory(context.db, CLASS_RESULTS, classResultsEntityId(sheet.round.id, racingClass), {
              currentVersion: version,
            });
            return { racingClass, version, entries };
          }),
        )
      : [];
  return data({ ...sheet, classes, tab, histories }, { headers: BACK_OFFICE_HEADERS });
}

const restoreClass = z.object({ racingClass: z.string().trim().min(1, "Choose the class to restore.").max(40) });

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const form = await readForm(request);
  const intent = form.get("intent");
  const roundId = params.roundId;

  if (intent === RESTORE_INTENT) {
    const parsed = restoreClass.safeParse({ racingClass: form.get("racingClass") ?? "" });
    if (!parsed.success) return deskInputRefused({ racingClass: parsed.error.issues[0]!.message }, parsed.error.issues[0]!.message);
    try {
      const restored = await restoreAction(context, staff, form, classResultsRestoreTarget(roundId, parsed.data.racingClass));
      return data({ ...restored.data, errors: {} as Record<string, string> }, restored.init ?? undefined);
    } catch (error) {
      if (error instanceof DeskInputError) return deskInputRefused({}, error.message);
      throw error;
    }
  }

  if (intent === "save-class") {
    const parsed = classResultsSchema.safeParse(nestFormFields(form));
    if (!parsed.success) {
      // Each class has its own form on the page: its errors are keyed by its name.
      const racingClass = String(form.get("racingClass") ?? "");
      const errors = Object.fromEntries(
        Object.entries(firstErrorPerField(parsed.error, "dotted path")).map(([path, message]) => [`${racingClass}/${path}`, message]),
      );
      return deskInputRefused(errors, `The ${racingClass} results were not saved: please correct the fields marked below.`);
    }
    const input = parsed.data;
    return deskWrite(
      context,
      staff,
      (tx) => saveClassResults(tx, roundId, input),
      ({ changed }) =>
        changed === 0
          ? `Nothing to save: the ${input.racingClass} results were already as shown.`
          : `${input.racingClass} results saved${input.provisional ? " as provisional" : " as final"}. Standings and driver pages show them now.`,
    );
  }

  if (intent === "csv-preview" || intent === "csv-save") {
    const raceNumber = Number(form.get("raceNumber"));
    const csv = await csvFromForm(form);
    const provisional = form.get("provisional") === "on";
    if (!Number.isInteger(raceNumber) || raceNumber < 1 || raceNumber > 6) {
      return data<CsvActionData>(
        { kind: "csv", csv, raceNumber: 1, provisional, problems: [{ line: null, message: "Pick the race the file classifies." }] },
        { status: 400, headers: BACK_OFFICE_HEADERS },
      );
    }
    if (csv.trim() === "") {
      return data<CsvActionData>(
        { kind: "csv", csv, raceNumber, provisional, problems: [{ line: null, message: "Choose a CSV file or paste its text." }] },
        { status: 400, headers: BACK_OFFICE_HEADERS },
      );
    }
    if (intent === "csv-preview") {
      const preview = await previewClassificationImport(context.db, roundId, raceNumber, csv);
      return data<CsvActionData>(
        preview.ok
          ? {
              kind: "csv",
              csv,
              raceNumber,
              provisional,
              preview: { changes: preview.changes, fingerprint: preview.fingerprint, ignored: preview.ignored },
            }
          : { kind: "csv", csv, raceNumber, provisional, problems: preview.problems },
        { status: preview.ok ? 200 : 400, headers: BACK_OFFICE_HEADERS },
      );
    }
    const fingerprint = String(form.get("fingerprint") ?? "");
    return deskWrite(
      context,
      staff,
      (tx) => applyClassificationImport(tx, roundId, raceNumber, csv, fingerprint, provisional),
      ({ changed }) =>
        `Import saved: ${changed} ${changed === 1 ? "result" : "results"} changed for race ${raceNumber}. Standings show them now.`,
    );
  }
  return deskInputRefused({ intent: "Unknown action" }, "Unknown action.");
}

/** The file chosen, else the text pasted (or carried from the preview to the save). */
async function csvFromForm(form: FormData): Promise<string> {
  const file = form.get("csvFile");
  if (file instanceof File && file.size > 0) return file.text();
  const pasted = form.get("csv");
  return typeof pasted === "string" ? pasted : "";
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Results | Back Office", description: "Enter a round's results.", path: null });

export default function ResultsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { round, raceCount, classes, tab, histories } = loaderData;
  const csvAction = actionData && "kind" in actionData ? actionData : null;
  const deskAction = actionData && !("kind" in actionData) ? actionData : null;
  // Each class has its own form and Save: the classes with changes not saved yet, so saving one
  // neither hides nor drops another's (issue 37).
  const [dirtyClasses, setDirtyClasses] = useState<readonly string[]>([]);
  const onDirtyChange = useCallback((racingClass: string, dirty: boolean) => {
    setDirtyClasses((current) => {
      if (current.includes(racingClass) === dirty) return current;
      return dirty ? [...current, racingClass] : current.filter((name) => name !== racingClass);
    });
  }, []);
  const unsaved = tab === "history" ? [] : classes.map((group) => group.racingClass).filter((name) => dirtyClasses.includes(name));
  useUnsavedChangesWarning(unsaved.length > 0, { watchSearch: true });
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={`/admin/seasons/${round.seasonYear}`} className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
          ← {round.seasonYear} season
        </Link>
      </p>
      <SectionHeading
        level={1}
        eyebrow={`Round ${round.roundNumber} · ${formatRoundDates(round)}`}
        title={`Results: ${round.name}`}
        description="Our drivers' finishing order per race and class. Points are computed from the class's scoring rules; they are never typed in."
      />
      {round.sessions.length > 0 && (
        <nav aria-label="Results from the timing sheet" className="mb-5 text-sm">
          <span className="text-muted">From the timing sheet: </span>
          {round.sessions.map((session, index) => (
            <span key={session.id}>
              {index > 0 && " · "}
              <Link
                to={`/admin/live/${encodeURIComponent(round.id)}/sessions/${encodeURIComponent(session.id)}/result`}
                className="inline-flex min-h-11 items-center text-accent-text underline"
              >
                {session.name}
              </Link>
            </span>
          ))}
        </nav>
      )}
      {deskAction && <FormNotice tone={deskAction.tone}>{deskAction.message}</FormNotice>}
      {unsaved.length > 0 && (
        <p className="mb-4 text-sm font-semibold text-warning">
          Not saved yet: {unsaved.join(", ")}. Each class is saved with its own button.
        </p>
      )}
      <RecordTabs base={`/admin/results/${round.id}`} tab={tab} detailsLabel="Results" />
      {tab === "history" ? (
        <div className="grid gap-10">
          <p className="text-sm text-muted">
            Each save of a class's results, newest first. Restoring one sets the whole class back to it; standings follow at once.
          </p>
          {histories.map((history) => (
            <HistoryPanel
              key={history.racingClass}
              entries={history.entries}
              currentVersion={history.version}
              action={`/admin/results/${round.id}?tab=history`}
              title={`${history.racingClass} results`}
              headingId={`history-${history.racingClass}`}
              hiddenFields={{ racingClass: history.racingClass }}
            />
          ))}
        </div>
      ) : (
        <div className="grid gap-10">
          {classes.map((group) => (
            <ClassResultsForm
              key={group.racingClass}
              group={group}
              raceCount={raceCount}
              errors={deskAction?.errors ?? {}}
              dirty={dirtyClasses.includes(group.racingClass)}
              onDirtyChange={onDirtyChange}
            />
          ))}
          <CsvImportPanel raceCount={raceCount} result={csvAction} />
        </div>
      )}
    </>
  );
}
