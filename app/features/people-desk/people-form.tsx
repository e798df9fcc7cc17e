import { Form, useNavigation } from "react-router";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import { MediaPicker, type MediaChoice } from "~/features/media/media-picker";
import { PEOPLE_FIELDS, type FieldSpec, type PeopleKind } from "./people-forms";

/*
 * The edit form of a driver, team member or Female Side member, drawn from PEOPLE_FIELDS.
 * Every control is a plain form field, so it works before (and without) JavaScript; with it,
 * leaving with unsaved changes asks first.
 */

function Field({ field, value, error, photoChoices }: { field: FieldSpec; value: string; error?: string; photoChoices: MediaChoice[] }) {
  const label = field.optional ? `${field.label} (optional)` : field.label;
  if (field.kind === "photo") {
    return (
      <div className="sm:col-span-2">
        <MediaPicker label={field.label} name={field.name} choices={photoChoices} defaultValue={value} error={error} hint={field.hint} />
      </div>
    );
  }
  if (field.kind === "textarea" || field.kind === "lines") {
    return (
      <TextareaField
        label={label}
        name={field.name}
        defaultValue={value}
        error={error}
        hint={field.hint}
        rows={field.kind === "lines" ? 5 : 8}
        className="sm:col-span-2"
      />
    );
  }
  if (field.kind === "select") {
    return (
      <div className="flex flex-col">
        <SelectField
          label={label}
          name={field.name}
          defaultValue={value}
          error={error}
          hint={field.hint}
          options={field.options!.map((option) => option.value)}
        />
      </div>
    );
  }
  return (
    <FormField
      label={label}
      name={field.name}
      defaultValue={value}
      error={error}
      hint={field.hint}
      inputMode={field.kind === "number" ? "numeric" : undefined}
      autoComplete="off"
      spellCheck={field.kind === "text" && field.name !== "id" ? undefined : false}
      className={field.kind === "image" || field.kind === "video" ? "sm:col-span-2" : undefined}
    />
  );
}

export function PeopleForm({
  kind,
  values,
  errors,
  isNew,
  version,
  photoChoices,
}: {
  kind: PeopleKind;
  values: Record<string, string>;
  errors: Record<string, string>;
  isNew: boolean;
  version: number | null;
  /** The media library's images, for the photo field. */
  photoChoices: MediaChoice[];
}) {
  const formId = `people-form-${kind}`;
  useUnsavedFormWarning(formId);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const fields = PEOPLE_FIELDS[kind].filter((field) => isNew || !field.createOnly);
  return (
    <Form method="post" id={formId} noValidate className="grid gap-5">
      <input type="hidden" name="intent" value="save" />
      {version !== null && <input type="hidden" name="version" value={version} />}
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <Field key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} photoChoices={photoChoices} />
        ))}
        {!isNew && (
          <FormField
            label="Reason for the change (optional)"
            name="reason"
            defaultValue={values.reason ?? ""}
            error={errors.reason}
            hint="Kept in the History with the change."
            className="sm:col-span-2"
            autoComplete="off"
          />
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : isNew ? "Create" : "Save changes"}
        </Button>
      </div>
    </Form>
  );
}
