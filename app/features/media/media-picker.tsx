import { useId, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { inputClasses } from "~/components/ui/form-field";
import { mediaFileUrl } from "./media";

/** One choice in a MediaPicker: listMediaChoices() in media.server.ts makes them. */
export interface MediaChoice {
  id: string;
  /** The image's alt text. */
  label: string;
  /** Key of its smallest WebP, for the preview. */
  thumbnail: string | null;
  /** Key of its WebP nearest 960 px wide: the one file an article's in-text picture uses. */
  inline: string | null;
}

export interface MediaPickerProps {
  /** The form field's name; its value is the chosen asset's id, or "" for none. */
  name: string;
  label: string;
  choices: MediaChoice[];
  defaultValue?: string | null;
  error?: string;
  hint?: string;
  /** Whether an image must be chosen (no "No image" option). */
  required?: boolean;
}

/**
 * A form field that picks an image from the media library. Without JavaScript it is a
 * <select> of the library's images by alt text; with it, a filter box narrows the list and
 * a preview shows the choice.
 */
export function MediaPicker({ name, label, choices, defaultValue, error, hint, required }: MediaPickerProps) {
  const id = useId();
  const [selected, setSelected] = useState(defaultValue ?? "");
  const [filter, setFilter] = useState("");
  // False in the server's HTML, true once React runs in the browser: the filter needs script.
  const hydrated = useHydrated();
  const needle = filter.trim().toLowerCase();
  // The chosen one stays listed whatever the filter, so the select never changes value by itself.
  const shown = needle ? choices.filter((choice) => choice.id === selected || choice.label.toLowerCase().includes(needle)) : choices;
  const chosen = choices.find((choice) => choice.id === selected);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      {hydrated && (
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter by alt text"
          aria-label={`Filter the choices for ${label}`}
          className={inputClasses}
        />
      )}
      <div className="flex items-start gap-3">
        <select
          id={id}
          name={name}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses}
        >
          {!required && <option value="">No image</option>}
          {required && !chosen && <option value="">Choose an image</option>}
          {shown.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        {chosen?.thumbnail && (
          <img
            src={mediaFileUrl(chosen.thumbnail)}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded border border-line object-cover"
          />
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <a href="/admin/media/new" target="_blank" rel="noreferrer" className="text-xs text-accent-text underline">
        Upload a new image (opens a new tab)
      </a>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
