import type { ReactNode } from "react";
import { inputClasses } from "~/components/ui/form-field";

/** What an issue field's control takes: its id, name and the label, hint and error it is tied to. */
export interface IssueFieldProps {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby": string;
}

/** One field of the issue form: label, control (drawn by `children`), hint and error. */
export function IssueFormField({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint: string;
  children: (props: IssueFieldProps) => ReactNode;
}) {
  const id = `issue-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        name,
        className: inputClasses,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" "),
      })}
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
