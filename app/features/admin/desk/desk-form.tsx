import { inputClasses } from "~/components/ui/form-field";
import { MediaPicker, type MediaChoice } from "~/features/media/media-picker";
import { inputAttributesOf, type DeskField } from "./desk-fields";

/*
 * One field of a site-desk form: label, control, hint and error tied together for assistive
 * technology. Values come from the last post when there was one, so nothing typed is lost.
 */
export function DeskFormField({
  field,
  value,
  error,
  readOnly,
  photoChoices = [],
}: {
  field: DeskField;
  value: string;
  error?: string;
  readOnly?: boolean;
  /** For "photo": the media library's images. */
  photoChoices?: MediaChoice[];
}) {
  if (field.kind === "photo") {
    return (
      <MediaPicker label={field.label} name={field.name} choices={photoChoices} defaultValue={value} error={error} hint={field.hint} />
    );
  }
  const id = `field-${field.name.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const describedBy = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    required: field.required,
    readOnly,
    className: inputClasses,
  } as const;
  let control: React.ReactNode;
  if (field.kind === "textarea" || field.kind === "lines") {
    control = <textarea {...common} rows={field.kind === "lines" ? 5 : 4} />;
  } else if (field.kind === "select") {
    control = (
      <select {...common}>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input {...common} {...inputAttributesOf(field.kind)} />;
  }
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {field.label}
        {field.required && <span className="text-muted"> (required)</span>}
      </label>
      {control}
      {field.hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** "3 fields need attention" above a form, focused and announced after a refused post. */
export function errorSummary(errors: Record<string, string>): string | null {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return count === 1
    ? "One field needs attention: see the message under it."
    : `${count} fields need attention: see the messages under them.`;
}
