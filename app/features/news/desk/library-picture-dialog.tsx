import { useEffect, useId, useRef, useState } from "react";
import { inputClasses } from "~/components/ui/form-field";
import { mediaFileUrl } from "~/features/media/media";
import type { MediaChoice } from "~/features/media/media-picker";

/**
 * The article editor's Picture button: a modal <dialog> (the browser traps focus and closes it
 * on Escape) listing the media library's images by thumbnail and alt text, with a filter. The
 * chosen image goes into the text with the library's alt text.
 */
export function LibraryPictureDialog({
  choices,
  onChoose,
  onClose,
}: {
  choices: MediaChoice[];
  onChoose: (choice: MediaChoice) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [filter, setFilter] = useState("");
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const usable = choices.filter((choice) => choice.inline);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? usable.filter((choice) => choice.label.toLowerCase().includes(needle)) : usable;
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && close()}
      className="m-auto max-h-[min(44rem,calc(100dvh-2rem))] w-[min(48rem,calc(100%-2rem))] overflow-y-auto rounded-card border border-line bg-surface p-0 text-text shadow-2xl backdrop:bg-black/75"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold uppercase">
            Insert a picture
          </h2>
          <button
            type="button"
            onClick={close}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-muted"
          >
            Close
          </button>
        </div>
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter by alt text"
          aria-label="Filter the media library by alt text"
          className={inputClasses}
        />
        {shown.length === 0 ? (
          <p className="text-sm text-muted">
            {usable.length === 0 ? "The media library has no images yet." : "No image matches the filter."}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {shown.map((choice) => (
              <li key={choice.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(choice);
                    close();
                  }}
                  className="flex w-full flex-col gap-2 rounded-lg border border-line p-2 text-left text-sm hover:border-accent-text"
                >
                  {choice.thumbnail ? (
                    <img
                      src={mediaFileUrl(choice.thumbnail)}
                      alt=""
                      width={320}
                      height={200}
                      loading="lazy"
                      className="aspect-[16/10] w-full rounded object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="aspect-[16/10] w-full rounded bg-surface-raised" />
                  )}
                  <span className="line-clamp-2 [overflow-wrap:anywhere]">{choice.label}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <a href="/admin/media/new" target="_blank" rel="noreferrer" className="text-sm text-accent-text underline">
          Upload a new image (opens a new tab; reopen this list after saving the article)
        </a>
      </div>
    </dialog>
  );
}
