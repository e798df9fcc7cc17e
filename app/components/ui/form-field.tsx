import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";

export const inputClasses =
  "w-full rounded-lg border border-line bg-ink px-3 py-2.5 text-text placeholder:text-muted/70 " +
  "focus:border-accent-text aria-[invalid=true]:border-danger disabled:opacity-60";

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  name: string;
  /** A message saying what to fix; shown under the input and announced with it. */
  error?: string;
  hint?: string;
  /** Visually hide the label (it stays available to assistive technology). */
  hideLabel?: boolean;
}

export function FormField({ label, name, error, hint, hideLabel, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className={cx("text-sm font-medium text-text", hideLabel && "sr-only")}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses}
        {...inputProps}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
