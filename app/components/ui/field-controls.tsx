import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";
import { inputClasses } from "./form-field";

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
  /** What each option reads, when it is not its value (e.g. "GB" → "United Kingdom"). */
  optionLabel?: (option: string) => string;
}

export function SelectField({ label, error, hint, className, options, optionLabel, ...selectProps }: SelectFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, error, hint, className });
  return frame(
    <select {...controlProps} className={inputClasses} {...selectProps}>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel ? optionLabel(option) : option}
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
