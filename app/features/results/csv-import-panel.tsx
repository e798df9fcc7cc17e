import { useId, useState, type ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { formatPosition, type RaceResult } from "~/lib/scoring";
import { CSV_COLUMNS, MAX_CSV_BYTES, type CsvProblem, type IgnoredRow } from "./classification-csv";
import type { ImportChange } from "./classification-import";

/** What the CSV actions answer: the file's problems, or the dry run to confirm. */
export interface CsvActionData {
  kind: "csv";
  csv: string;
  raceNumber: number;
  provisional: boolean;
  problems?: CsvProblem[];
  preview?: { changes: ImportChange[]; fingerprint: string; ignored: IgnoredRow[] };
}

const KIND_LABELS: Record<ImportChange["kind"], string> = { new: "New", changed: "Changed", unchanged: "Unchanged" };

function describeResult(result: RaceResult | null): string {
  if (!result) return "none";
  const extras = [result.fastestLap && "fastest lap", result.penaltyPoints && `−${result.penaltyPoints} pts penalty`].filter(Boolean);
  return [formatPosition(result.position), ...extras].join(", ");
}

/** Import one race's classification from a CSV: upload or paste, preview every change, then save. */
export function CsvImportPanel({ raceCount, result }: { raceCount: number; result: CsvActionData | null }) {
  const headingId = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [csv, setCsv] = useState(result?.csv ?? "");
  const [tooBig, setTooBig] = useState(false);
  // A chosen file is read into the text area, so what is previewed is what is shown (and it works without a file too).
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setTooBig(file.size > MAX_CSV_BYTES);
    if (file.size <= MAX_CSV_BYTES) setCsv(await file.text());
  };
  const preview = result?.preview;
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id={headingId} className="text-2xl font-bold uppercase">
        Import a race from CSV
      </h2>
      <p className="mt-1 text-sm text-muted">
        Columns: <code className="[overflow-wrap:anywhere]">{CSV_COLUMNS.join(",")}</code>. One race per file, at most{" "}
        {MAX_CSV_BYTES / 1024} KB: the organiser&apos;s full classification will do, other teams&apos; cars are listed as ignored. Nothing
        is saved until you confirm the preview; a file with any bad row saves nothing.
      </p>
      {result?.problems && (
        <div role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 p-4 text-sm">
          <p className="font-semibold text-danger">The file was not imported. Fix these and preview again:</p>
          <ul className="mt-2 grid gap-1">
            {result.problems.map((problem, index) => (
              <li key={index}>
                {problem.line === null ? "File" : `Line ${problem.line}`}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4" key={preview ? "previewed" : "editing"}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${headingId}-race`} className="text-sm font-medium">
              Race
            </label>
            <select
              id={`${headingId}-race`}
              name="raceNumber"
              defaultValue={result?.raceNumber ?? 1}
              className={cx(inputClasses, "min-h-11")}
            >
              {Array.from({ length: raceCount }, (_, index) => (
                <option key={index} value={index + 1}>
                  Race {index + 1}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${headingId}-file`} className="text-sm font-medium">
              CSV file
            </label>
            <input
              id={`${headingId}-file`}
              name="csvFile"
              type="file"
              accept=".csv,text/csv"
              onChange={readFile}
              className={cx(inputClasses, "min-h-11")}
            />
            {tooBig && (
              <p role="alert" className="text-sm text-danger">
                That file is larger than {MAX_CSV_BYTES / 1024} KB.
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${headingId}-csv`} className="text-sm font-medium">
            Or paste the CSV
          </label>
          <textarea
            id={`${headingId}-csv`}
            name="csv"
            rows={6}
            value={csv}
            onChange={(event) => setCsv(event.currentTarget.value)}
            spellCheck={false}
            className={cx(inputClasses, "font-mono text-sm")}
          />
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="provisional"
            defaultChecked={result?.provisional ?? true}
            className="size-6 shrink-0 accent-accent"
          />
          <span>Provisional: the organiser&apos;s classification is not final yet</span>
        </label>
        <div>
          <Button
            type="submit"
            name="intent"
            value="csv-preview"
            variant="secondary"
            size="lg"
            disabled={busy}
            className="w-full sm:w-auto"
          >
            Preview import
          </Button>
        </div>
      </Form>
      {preview && result && <ImportPreview result={result} preview={preview} busy={busy} />}
    </section>
  );
}

function ImportPreview({
  result,
  preview,
  busy,
}: {
  result: CsvActionData;
  preview: NonNullable<CsvActionData["preview"]>;
  busy: boolean;
}) {
  const headingId = useId();
  const changing = preview.changes.filter((change) => change.kind !== "unchanged").length;
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-line pt-6">
      <h3 id={headingId} tabIndex={-1} className="text-xl font-bold uppercase">
        Preview: race {result.raceNumber}
      </h3>
      <p className="mt-1 text-sm text-muted" role="status">
        {changing === 0 ? "Nothing would change." : `${changing} of ${preview.changes.length} rows would change. Nothing is saved yet.`}
      </p>
      <ul className="mt-3 grid gap-2">
        {preview.changes.map((change) => (
          <li key={change.driverId} className="rounded-lg border border-line bg-ink p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span className="font-display text-lg text-accent-text">#{change.driverNumber}</span>
              {change.driverName}
              <span className="text-muted">{change.racingClass}</span>
              <Badge tone={change.kind === "unchanged" ? "neutral" : change.kind === "new" ? "success" : "warning"}>
                {KIND_LABELS[change.kind]}
              </Badge>
            </p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-muted">Result</dt>
              <dd>
                {describeResult(change.before)} → {describeResult(change.after)}
              </dd>
              <dt className="text-muted">Race points</dt>
              <dd>
                {change.racePointsBefore ?? "–"} → {change.racePointsAfter}
              </dd>
              <dt className="text-muted">Season total</dt>
              <dd>
                {change.seasonTotalBefore} → {change.seasonTotalAfter}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      {preview.ignored.length > 0 && <IgnoredRows rows={preview.ignored} />}
      <Form method="post" encType="multipart/form-data" className="mt-4">
        <input type="hidden" name="csv" value={result.csv} />
        <input type="hidden" name="raceNumber" value={result.raceNumber} />
        <input type="hidden" name="fingerprint" value={preview.fingerprint} />
        {result.provisional && <input type="hidden" name="provisional" value="on" />}
        <Button type="submit" name="intent" value="csv-save" size="lg" disabled={busy || changing === 0} className="w-full sm:w-auto">
          Save import{result.provisional ? " as provisional" : " as final"}
        </Button>
      </Form>
    </section>
  );
}

/** Other teams' cars in the file: shown so nobody wonders where they went, never saved. */
function IgnoredRows({ rows }: { rows: IgnoredRow[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="font-semibold">
        Ignored (not our car): {rows.length} {rows.length === 1 ? "row" : "rows"}
      </h4>
      <ul className="mt-2 grid gap-1 text-sm text-muted">
        {rows.map((row) => (
          <li key={row.line}>
            Line {row.line}: #{row.number}
            {row.name ? ` ${row.name}` : ""}
            {row.racingClass ? ` (${row.racingClass})` : ""}, ignored (not our car)
          </li>
        ))}
      </ul>
    </section>
  );
}
