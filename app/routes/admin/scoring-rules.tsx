import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/scoring-rules";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { auditedWrite } from "~/features/admin/audit.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { getSeasonScoringRules, saveScoringRules } from "~/features/results/scoring-rules-desk.server";
import { formOfRules, rulesOfForm, scoringRulesForm } from "~/features/results/scoring-rules-form";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

/*
 * A season's scoring rules, one form per class. A save adds a version (earlier ones stay on
 * record and in the audit log); standings and driver totals are computed from the rules, so
 * the public site follows at once.
 */

function yearOf(param: string): number {
  if (!/^\d{4}$/.test(param)) throw data({ message: "There is no such season." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return Number(param);
}

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const year = yearOf(params.year);
  const classes = await getSeasonScoringRules(context.db, year);
  if (classes.length === 0) throw data({ message: "There is no such season." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return data(
    { year, classes: classes.map((entry) => ({ ...entry, values: formOfRules(entry.rules) })) },
    { headers: BACK_OFFICE_HEADERS },
  );
}

interface Answer {
  tone: "success" | "error";
  message: string;
  /** The class the answer is about, so its form shows the message and keeps what was typed. */
  racingClass: string | null;
  errors: Record<string, string>;
  values: Record<string, string> | null;
}

const answer = deskAnswer<Answer>;

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const year = yearOf(params.year);
  const form = Object.fromEntries(await readForm(request)) as Record<string, string>;
  const typed = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
  const racingClass = typeof form.racingClass === "string" ? form.racingClass : null;
  const parsed = scoringRulesForm.safeParse(form);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: "Some fields need attention; nothing was saved.", racingClass, errors, values: typed }, 400);
  }
  const input = parsed.data;
  try {
    const saved = await auditedWrite(context, staff, (tx) =>
      saveScoringRules(tx, {
        year,
        racingClass: input.racingClass,
        expectedVersion: input.version,
        rules: rulesOfForm(input),
        reason: input.reason,
      }),
    );
    if (!saved.ok) {
      const message = `${saved.message} Reload the page to see their rules; your values are still in the form.`;
      return answer({ tone: "error", message, racingClass, errors: {}, values: typed }, 409);
    }
    return answer({
      tone: "success",
      message: `Saved as version ${saved.value.version}: the ${year} ${input.racingClass} standings and driver totals use these rules now.`,
      racingClass,
      errors: {},
      values: null,
    });
  } catch (error) {
    if (!(error instanceof DeskInputError)) throw error;
    return answer({ tone: "error", message: error.message, racingClass, errors: { [error.field]: error.message }, values: typed }, 400);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.params.year} Scoring Rules | Back Office`, description: "How each class scores points.", path: null });

export default function ScoringRulesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { year, classes } = loaderData;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={`/admin/seasons/${year}`} className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
          ← {year} season
        </Link>
      </p>
      <SectionHeading
        level={1}
        title={`${year} scoring rules`}
        description="Points are never typed in: every result is scored by its class's rules. A save keeps the earlier rules on record."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        {classes.map((entry) => (
          <ClassRulesForm
            key={`${entry.racingClass}-${entry.version}`}
            year={year}
            racingClass={entry.racingClass}
            version={entry.version}
            stored={entry.values}
            answer={actionData?.racingClass === entry.racingClass ? actionData : null}
          />
        ))}
      </div>
    </>
  );
}

function ClassRulesForm({
  year,
  racingClass,
  version,
  stored,
  answer,
}: {
  year: number;
  racingClass: string;
  version: number;
  stored: Record<string, string>;
  answer: Answer | null;
}) {
  const formId = `scoring-rules-${racingClass}`;
  useUnsavedFormWarning(formId);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("racingClass") === racingClass;
  const values = answer?.values ?? stored;
  const errors = answer?.errors ?? {};
  const headingId = `${formId}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id={headingId} className="font-display text-2xl font-bold uppercase">
        {racingClass}
      </h2>
      <p className="mb-4 text-sm text-muted">
        {version === 0 ? `Carried over from an earlier season; saving makes them the ${year} rules.` : `Version ${version} for ${year}.`}
      </p>
      {answer && <FormNotice tone={answer.tone}>{answer.message}</FormNotice>}
      <Form method="post" id={formId} noValidate className="grid gap-4">
        <input type="hidden" name="racingClass" value={racingClass} />
        <input type="hidden" name="version" value={version} />
        <FormField
          label="Points by position"
          name="pointsByPosition"
          defaultValue={values.pointsByPosition ?? ""}
          error={errors.pointsByPosition}
          hint="First place first, separated by commas: 15, 12, 10..."
          autoComplete="off"
          inputMode="numeric"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Points for each further finisher"
            name="additionalFinisherPoints"
            defaultValue={values.additionalFinisherPoints ?? ""}
            error={errors.additionalFinisherPoints}
            hint="Every classified finisher below the last position above."
            inputMode="numeric"
            autoComplete="off"
          />
          <FormField
            label="Fastest lap points"
            name="fastestLapPoints"
            defaultValue={values.fastestLapPoints ?? ""}
            error={errors.fastestLapPoints}
            inputMode="numeric"
            autoComplete="off"
          />
          <FormField
            label="Rounds that count"
            name="countedRounds"
            defaultValue={values.countedRounds ?? ""}
            error={errors.countedRounds}
            hint="The best this many round scores count; leave empty to count every round."
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <Checkbox name="fastestLapNeedsClassifiedFinish" defaultChecked={values.fastestLapNeedsClassifiedFinish === "on"}>
          The fastest lap point needs a classified finish
        </Checkbox>
        <Checkbox name="disqualifiedRoundDroppable" defaultChecked={values.disqualifiedRoundDroppable === "on"}>
          A round with a disqualification may be dropped
        </Checkbox>
        <p className="text-sm text-muted">Equal totals are split by countback: most wins, then most second places, and so on.</p>
        <FormField
          label="Reason for the change (optional)"
          name="reason"
          defaultValue={values.reason ?? ""}
          error={errors.reason}
          hint="Kept in the activity log with the change."
          autoComplete="off"
        />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : `Save ${racingClass} rules`}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Checkbox({ name, defaultChecked, children }: { name: string; defaultChecked: boolean; children: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-6 shrink-0 accent-accent" />
      <span>{children}</span>
    </label>
  );
}
