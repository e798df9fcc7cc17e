import { useId, useState, type ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import type { ClassificationView } from "~/features/live/live-round";
import { formatUkDateTime } from "~/lib/dates";
import { formatPosition, type RaceResult } from "~/lib/scoring";
import type { CsvProblem } from "./classification-csv";
import type { ResultInput, ResultPreview } from "./session-result.server";
import { MAX_CLASSIFICATION_BYTES } from "./tsl-classification";

/** What the result desk's actions answer: the problems, the dry run to confirm, or what was published. */
export interface ResultActionData {
  tone: "success" | "error";
  message: string;
  problems?: CsvProblem[];
  preview?: ResultPreview;
  /** What the form held, carried back so nothing typed is lost; null after a publish. */
  input: ResultInput | null;
}

type Version = ClassificationView & { publishedAt: string };

const ukTime = formatUkDateTime;

const STATUS_LABEL = { provisional: "Provisional", final: "Final" } as const;

function describe(result: RaceResult | null): string {
  if (!result) return "none";
  return [formatPosition(result.position), result.fastestLap && "fastest lap", result.penaltyPoints && `−${result.penaltyPoints} pts`]
    .filter(Boolean)
    .join(", ");
}

/** Paste or upload the timing sheet, see what publishing it changes, then publish it as the session's next version. */
export function SessionResultPanel({
  versions,
  result,
  sessionDate,
}: {
  versions: Version[];
  result: ResultActionData | null;
  sessionDate: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const input = result?.input;
  const [text, setText] = useState(input?.text ?? "");
  const [tooBig, setTooBig] = useState(false);
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setTooBig(file.size > MAX_CLASSIFICATION_BYTES);
    if (file.size <= MAX_CLASSIFICATION_BYTES) setText(await file.text());
  };
  const hasFinal = versions.some((version) => version.status === "final");
  const preview = result?.preview;
  return (
    <div className="grid min-w-0 gap-8">
      {versions.length > 0 && <Versions versions={versions} />}
      <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="text-2xl font-bold uppercase">
          {versions.length === 0 ? "Publish the result" : hasFinal ? "Re-issue the result" : "Publish the next version"}
        </h2>
        <p className="mt-1 text-sm text-muted">
          Paste the classification as copied from the timing sheet&apos;s PDF (title lines included: the date, circuit and time of issue are
          checked), or choose its CSV. Nothing is saved until you publish the preview.
        </p>
        {result?.problems && (
          <div role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 p-4 text-sm">
            <p className="font-semibold text-danger">{result.message}</p>
            <ul className="mt-2 grid gap-1">
              {result.problems.map((problem, index) => (
                <li key={index}>{problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`}</li>
              ))}
            </ul>
          </div>
        )}
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4" key={preview ? "previewed" : "editing"}>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-text`} className="text-sm font-medium">
              Classification
            </label>
            <textarea
              id={`${id}-text`}
              name="text"
              rows={8}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              className={cx(inputClasses, "font-mono text-xs sm:text-sm")}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              Or its file (CSV or text)
            </label>
            <input
              id={`${id}-file`}
              name="sheetFile"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={readFile}
              className={cx(inputClasses, "min-h-11")}
            />
            {tooBig && (
              <p role="alert" className="text-sm text-danger">
                That file is larger than {MAX_CLASSIFICATION_BYTES / 1024} KB.
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">Status</legend>
              <div className="flex flex-wrap gap-x-6">
                {(["provisional", "final"] as const).map((status) => (
                  <label key={status} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                    <input
                      type="radio"
                      name="status"
                      value={status}
                      defaultChecked={(input?.status ?? (versions.length ? "final" : "provisional")) === status}
                      className="size-6 shrink-0 accent-accent"
                    />
                    {STATUS_LABEL[status]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-issued`} className="text-sm font-medium">
                Time of issue (UK), if the sheet does not print it
              </label>
              <input
                id={`${id}-issued`}
                name="issuedAt"
                type="datetime-local"
                defaultValue={input?.issuedAt ?? ""}
                min={`${sessionDate}T00:00`}
                className={cx(inputClasses, "min-h-11")}
              />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              Note {hasFinal ? "(required: why it is re-issued)" : "(optional)"}
            </label>
            <input
              id={`${id}-note`}
              name="note"
              type="text"
              maxLength={500}
              defaultValue={input?.note ?? ""}
              placeholder="Bulletin 7: car 12 five-second penalty"
              className={cx(inputClasses, "min-h-11")}
            />
          </div>
          <div>
            <Button type="submit" name="intent" value="preview" variant="secondary" size="lg" disabled={busy} className="w-full sm:w-auto">
              Preview
            </Button>
          </div>
        </Form>
        {preview && input && <Preview preview={preview} input={input} busy={busy} />}
      </section>
    </div>
  );
}

function Preview({ preview, input, busy }: { preview: ResultPreview; input: ResultInput; busy: boolean }) {
  const id = useId();
  const ours = preview.rows.filter((row) => row.driverId);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 min-w-0 border-t border-line pt-6">
      <h3 id={`${id}-heading`} className="text-xl font-bold uppercase">
        Preview: version {preview.version}, {STATUS_LABEL[preview.status].toLowerCase()}
      </h3>
      <p className="mt-1 text-sm text-muted" role="status">
        {preview.rows.length} cars, {ours.length} of them ours. Issued {ukTime(preview.issuedAt)}. Nothing is saved yet.
      </p>
      {preview.header.lines.length > 0 && (
        <p className="mt-2 text-sm [overflow-wrap:anywhere]">
          <span className="text-muted">Sheet: </span>
          {preview.header.lines.join(" · ")}
        </p>
      )}
      {preview.warnings.length > 0 && (
        <ul className="mt-3 grid gap-1 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          {preview.warnings.map((warning, index) => (
            <li key={index}>
              {warning.line === null ? "" : `Line ${warning.line}: `}
              {warning.message}
            </li>
          ))}
        </ul>
      )}
      {preview.changes.length > 0 && (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2" aria-label="Our drivers">
          {preview.changes.map((change) => (
            <li key={change.driverId} className="rounded-lg border border-accent/60 bg-ink p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span className="font-display text-lg text-accent-text">#{change.driverNumber}</span>
                {change.driverName}
                <span className="text-muted">{change.racingClass}</span>
                <Badge tone={change.kind === "unchanged" ? "neutral" : change.kind === "new" ? "success" : "warning"}>
                  {change.kind === "new" ? "New" : change.kind === "changed" ? "Changed" : "Unchanged"}
                </Badge>
              </p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-muted">Result</dt>
                <dd>
                  {describe(change.before)} → {describe(change.after)}
                </dd>
                <dt className="text-muted">Race points</dt>
                <dd>
                  {change.racePointsBefore ?? "–"} → {change.racePointsAfter}
                </dd>
                <dt className="text-muted">Season</dt>
                <dd>
                  {change.seasonTotalBefore} → {change.seasonTotalAfter} pts
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {preview.poles.length > 0 && (
        <ul className="mt-4 grid gap-1 text-sm">
          {preview.poles.map((pole) => (
            <li key={pole.driverId}>
              {pole.driverName} ({pole.racingClass}): {pole.pole ? "takes the pole" : "loses the pole"}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 max-w-full overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The field as classified; our cars highlighted</caption>
          <thead className="bg-surface-raised text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-2 py-2">
                Pos
              </th>
              <th scope="col" className="px-2 py-2">
                No
              </th>
              <th scope="col" className="px-2 py-2">
                Cl
              </th>
              <th scope="col" className="px-2 py-2">
                Driver
              </th>
              <th scope="col" className="hidden px-2 py-2 sm:table-cell">
                Car
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Laps
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                Time / gap
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                Best
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr
                key={row.carNumber}
                className={cx("border-t border-line", row.driverId && "bg-accent/15 font-semibold")}
                data-ours={row.driverId ? "" : undefined}
              >
                <td className="px-2 py-1.5">{row.position ?? row.status}</td>
                <td className="px-2 py-1.5">{row.carNumber}</td>
                <td className="px-2 py-1.5">
                  {row.racingClass}
                  {row.positionInClass ? <span className="text-muted"> P{row.positionInClass}</span> : null}
                </td>
                <td className="px-2 py-1.5">{row.driverName}</td>
                <td className="hidden px-2 py-1.5 sm:table-cell">{row.car}</td>
                <td className="px-2 py-1.5 text-right">{row.laps ?? ""}</td>
                <td className="hidden px-2 py-1.5 text-right sm:table-cell">{row.gap || row.time}</td>
                <td className="hidden px-2 py-1.5 text-right sm:table-cell">{row.bestLap}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4">
        <input type="hidden" name="text" value={input.text} />
        <input type="hidden" name="status" value={input.status} />
        <input type="hidden" name="issuedAt" value={input.issuedAt} />
        <input type="hidden" name="note" value={input.note} />
        <input type="hidden" name="fingerprint" value={preview.fingerprint} />
        <Button type="submit" name="intent" value="publish" size="lg" disabled={busy} className="w-full sm:w-auto">
          Publish v{preview.version}: {STATUS_LABEL[preview.status].toLowerCase()}
        </Button>
      </Form>
    </section>
  );
}

/** Every version issued, newest first: the latest is current, the others superseded. */
function Versions({ versions }: { versions: Version[] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold uppercase">
        Published
      </h2>
      <ol className="mt-3 grid gap-2">
        {[...versions].reverse().map((version, index) => (
          <li key={version.version} className="rounded-lg border border-line bg-surface p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">Version {version.version}</span>
              <Badge tone={version.status === "final" ? "success" : "warning"}>{STATUS_LABEL[version.status]}</Badge>
              {index > 0 && <Badge>Superseded</Badge>}
            </p>
            <p className="mt-1 text-muted">
              Issued {ukTime(version.issuedAt)} · published {ukTime(version.publishedAt)} · {version.rows.length} cars
            </p>
            {version.note && <p className="mt-1">{version.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
