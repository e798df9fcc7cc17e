/*
 * The back office's copy of app/components/ui/field-controls.tsx (same markup and classes).
 * Why a copy: when the news editor imported the shared module, Rollup's small-chunk merging
 * (vite.config.ts, experimentalMinChunkSize) put it in a chunk the home page preloads, and `/`
 * went from 148.9 to 150.1 kB of gzipped JavaScript, over its 150 kB budget. With this copy `/`
 * is at 148.9 kB again (tests/e2e/news-desk.spec.ts holds it). Keep the two in step, or give the
 * admin routes a chunk rule of their own and delete this file.
 */
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";

interface FieldFrameProps {
  label: ReactNode;
  /** A message saying what to fix; shown under the control and announced with it. */
  error?: string;
  hint?: string;
  className?: string;
}

/** The label, hint and error around a control, wired the same way as <FormField>. */
function useFieldFrame({ label, error, hint, className }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const controlProps = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  const frame = (control: ReactNode) => (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      {control}
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
  return { controlProps, frame };
}

interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> {
  name: string;
  options: readonly string[];
}

export function SelectField({ label, error, hint, className, options, ...selectProps }: SelectFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, error, hint, className });
  return frame(
    <select {...controlProps} className={cx(inputClasses, "appearance-auto")} {...selectProps}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>,
  );
}

interface TextareaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> {
  name: string;
}

export function TextareaField({ label, error, hint, className, ...textareaProps }: TextareaFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, error, hint, className });
  return frame(<textarea {...controlProps} className={cx(inputClasses, "min-h-40 resize-y")} {...textareaProps} />);
}
