import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { formatPosition, type RaceResult } from "~/lib/scoring";
import { CLASSIFIED, RACE_STATUSES, STATUS_LABELS } from "./results-form";
import type { ResultsSheet } from "./round-results.server";

type ClassGroup = Omit<ResultsSheet["classes"][number], "drivers"> & {
  drivers: Array<ResultsSheet["classes"][number]["drivers"][number] & { racePoints: number[] | null }>;
};

interface ClassResultsFormProps {
  group: ClassGroup;
  raceCount: number;
  /** Field errors of the last save, keyed "CLASS/entries.0.races.1.position". */
  errors: Record<string, string>;
  /** Whether the form differs from what is stored (the page warns before leaving while any class does). */
  dirty: boolean;
  onDirtyChange: (racingClass: string, dirty: boolean) => void;
}

/** A form's fields as one string, to tell whether anything differs from how it was drawn. */
function formState(form: HTMLFormElement | null): string {
  return form ? new URLSearchParams(new FormData(form) as unknown as Array<[string, string]>).toString() : "";
}

/** One class's results of a round: per driver, whether they raced, each race's status and position, pole and awards. */
export function ClassResultsForm({ group, raceCount, errors, dirty, onDirtyChange }: ClassResultsFormProps) {
  const headingId = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorOf = (path: string) => errors[`${group.racingClass}/${path}`];
  // After a save the versions move on: a new key renews the fields with what was stored.
  const key = group.drivers.map((driver) => driver.result?.version ?? 0).join(".");
  const formRef = useRef<HTMLFormElement>(null);
  const drawn = useRef("");
  const { racingClass } = group;
  // Dirty means "differs from what was drawn", not "was touched": a save that failed keeps it
  // marked, and a field typed back to its stored value clears it.
  useEffect(() => {
    drawn.current = formState(formRef.current);
    onDirtyChange(racingClass, false);
  }, [key, racingClass, onDirtyChange]);
  const recheck = () => onDirtyChange(racingClass, formState(formRef.current) !== drawn.current);
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold uppercase">
          {group.racingClass}
        </h2>
        {dirty && <Badge tone="warning">Unsaved changes</Badge>}
      </div>
      {!group.hasRules ? (
        <p className="mt-2 text-danger">This class has no scoring rules for the season, so its results cannot be scored yet.</p>
      ) : group.drivers.length === 0 ? (
        <p className="mt-2 text-muted">None of our drivers races in {group.racingClass}.</p>
      ) : (
        <Form method="post" key={key} ref={formRef} onChange={recheck} onInput={recheck} className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="save-class" />
          <input type="hidden" name="racingClass" value={group.racingClass} />
          {group.drivers.map((driver, index) => (
            <DriverFieldset
              key={driver.id}
              driver={driver}
              index={index}
              raceCount={raceCount}
              errorOf={(path) => errorOf(`entries.${index}.${path}`)}
            />
          ))}
          <CheckboxField name="provisional" defaultChecked={group.drivers.some((d) => d.result) ? group.provisional : true}>
            Provisional: the organiser&apos;s classification is not final yet (shown as provisional on the site)
          </CheckboxField>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
              Save {group.racingClass} results
            </Button>
            {dirty && <span className="text-sm text-warning">{group.racingClass} has changes that are not saved yet.</span>}
          </div>
        </Form>
      )}
    </section>
  );
}

function DriverFieldset({
  driver,
  index,
  raceCount,
  errorOf,
}: {
  driver: ClassGroup["drivers"][number];
  index: number;
  raceCount: number;
  errorOf: (path: string) => string | undefined;
}) {
  const races: Array<RaceResult | undefined> = Array.from({ length: raceCount }, (_, race) => driver.result?.races[race]);
  const field = (name: string) => `entries.${index}.${name}`;
  return (
    <fieldset className="rounded-lg border border-line bg-ink p-3 sm:p-4">
      <legend className="px-1 font-semibold">
        <span className="mr-2 font-display text-lg text-accent-text">#{driver.number}</span>
        {driver.name}
        {driver.result?.provisional && (
          <Badge tone="warning" className="ml-2">
            Provisional
          </Badge>
        )}
      </legend>
      <input type="hidden" name={field("driverId")} value={driver.id} />
      <input type="hidden" name={field("version")} value={driver.result?.version ?? ""} />
      <CheckboxField name={field("entered")} defaultChecked={driver.result !== null}>
        Raced in this round
      </CheckboxField>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {races.map((race, raceIndex) => (
          <RaceFields
            key={raceIndex}
            name={(part) => field(`races.${raceIndex}.${part}`)}
            label={raceCount > 1 ? `Race ${raceIndex + 1}` : "Race"}
            race={race}
            points={driver.racePoints?.[raceIndex]}
            errorOf={(part) => errorOf(`races.${raceIndex}.${part}`)}
          />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6">
        <CheckboxField name={field("pole")} defaultChecked={driver.result?.pole ?? false}>
          Pole position
        </CheckboxField>
        <CheckboxField name={field("driverOfDay")} defaultChecked={driver.result?.driverOfDay ?? false}>
          Driver of the Day
        </CheckboxField>
      </div>
    </fieldset>
  );
}

function RaceFields({
  name,
  label,
  race,
  points,
  errorOf,
}: {
  name: (part: string) => string;
  label: string;
  race: RaceResult | undefined;
  points: number | undefined;
  errorOf: (part: string) => string | undefined;
}) {
  const id = useId();
  const status = race === undefined ? CLASSIFIED : typeof race.position === "number" ? CLASSIFIED : race.position;
  const positionError = errorOf("position");
  const penaltyError = errorOf("penaltyPoints");
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-2 rounded-md bg-surface-raised p-3">
      <p id={`${id}-label`} className="flex items-baseline justify-between gap-2 text-sm font-bold uppercase tracking-wider">
        {label}
        {race && points !== undefined && (
          <span className="font-normal normal-case tracking-normal text-muted">
            Saved: {formatPosition(race.position)}, {points} pts
          </span>
        )}
      </p>
      {/* The status has the box's whole width, so its longest label ("DNF – did not finish") is never cut off on a phone. */}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-xs font-medium text-muted">
          Status
        </label>
        <select id={`${id}-status`} name={name("status")} defaultValue={status} className={cx(inputClasses, "min-h-11")}>
          {RACE_STATUSES.map((option) => (
            <option key={option} value={option}>
              {STATUS_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-position`} className="text-xs font-medium text-muted">
            Position
          </label>
          <input
            id={`${id}-position`}
            name={name("position")}
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            defaultValue={race && typeof race.position === "number" ? race.position : ""}
            aria-invalid={positionError ? true : undefined}
            aria-describedby={positionError ? `${id}-position-error` : undefined}
            className={cx(inputClasses, "min-h-11")}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-penalty`} className="text-xs font-medium text-muted">
            Penalty pts
          </label>
          <input
            id={`${id}-penalty`}
            name={name("penaltyPoints")}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            defaultValue={race?.penaltyPoints ?? ""}
            aria-invalid={penaltyError ? true : undefined}
            aria-describedby={penaltyError ? `${id}-penalty-error` : undefined}
            className={cx(inputClasses, "min-h-11")}
          />
        </div>
      </div>
      {positionError && (
        <p id={`${id}-position-error`} role="alert" className="text-sm text-danger">
          {positionError}
        </p>
      )}
      {penaltyError && (
        <p id={`${id}-penalty-error`} role="alert" className="text-sm text-danger">
          {penaltyError}
        </p>
      )}
      <CheckboxField name={name("fastestLap")} defaultChecked={race?.fastestLap ?? false} error={errorOf("fastestLap")}>
        Fastest lap in class
      </CheckboxField>
    </div>
  );
}

function CheckboxField({
  name,
  defaultChecked,
  error,
  children,
}: {
  name: string;
  defaultChecked: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
        <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-6 shrink-0 accent-accent" />
        <span>{children}</span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
