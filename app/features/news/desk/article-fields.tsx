import { useId, useSyncExternalStore } from "react";
import { FormField } from "~/components/ui/form-field";
import { MediaPicker, type MediaChoice } from "~/features/media/media-picker";
import { SelectField, TextareaField } from "~/components/ui/field-controls";
import { ARTICLE_CATEGORIES, type ArticleFieldErrors, type ArticleFormValues } from "../article-form";
import type { ArticleContent } from "../article-snapshot";
import type { RichTextDoc } from "../rich-text";
import { RichTextEditor } from "./rich-text-editor";

/** True once React runs in the browser; false in the server's HTML (and without JavaScript). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

/** Whether a document is nothing but plain paragraphs, so a plain textarea can edit it without loss. */
export function isPlainParagraphs(doc: RichTextDoc): boolean {
  return doc.content.every(
    (node) =>
      node.type === "paragraph" &&
      (node.content ?? []).every((child) => (child.type === "text" && !child.marks?.length) || child.type === "hardBreak"),
  );
}

function plainParagraphs(doc: RichTextDoc): string {
  return doc.content
    .map((paragraph) => (paragraph.content ?? []).map((child) => (child.type === "text" ? child.text : "\n")).join(""))
    .join("\n\n");
}

/**
 * The article's fields. The body is the Tiptap editor once the page runs in the browser. Without
 * JavaScript, a body of plain paragraphs is a plain textarea (blank lines between paragraphs);
 * a formatted body is kept as it is (its JSON in a hidden field), and the other fields still save.
 */
export function ArticleFields({
  content,
  body,
  values,
  errors,
  onChange,
  photoChoices,
}: {
  photoChoices: MediaChoice[];
  content: ArticleContent | null;
  body: RichTextDoc;
  values: ArticleFormValues | null;
  errors: ArticleFieldErrors;
  onChange: () => void;
}) {
  const hydrated = useHydrated();
  const bodyLabelId = useId();
  const value = (name: keyof ArticleFormValues & keyof ArticleContent) => {
    if (values) return values[name] ?? "";
    const stored = content?.[name];
    return typeof stored === "string" ? stored : "";
  };

  return (
    <div className="grid gap-5">
      <FormField label="Title" name="title" defaultValue={value("title")} error={errors.title} required maxLength={200} />
      <FormField
        label="Slug"
        name="slug"
        defaultValue={value("slug")}
        error={errors.slug}
        hint="The address: /news/your-slug. Left empty, it is made from the title. Renaming keeps the old address working (it redirects)."
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        maxLength={120}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Category"
          name="category"
          options={ARTICLE_CATEGORIES}
          defaultValue={value("category") || ARTICLE_CATEGORIES[0]}
          error={errors.category}
        />
        <FormField label="Venue" name="venue" defaultValue={value("venue")} error={errors.venue} required maxLength={120} />
      </div>
      <TextareaField
        label="Excerpt"
        name="excerpt"
        defaultValue={value("excerpt")}
        error={errors.excerpt}
        required
        maxLength={300}
        hint="Shown on the news list and in search results (up to 300 characters)."
        className="[&_textarea]:min-h-24"
      />

      <div className="flex flex-col gap-1.5">
        <span id={bodyLabelId} className="text-sm font-medium text-text">
          Text
        </span>
        {hydrated ? (
          <RichTextEditor
            initial={body}
            labelId={bodyLabelId}
            onChange={onChange}
            invalid={Boolean(errors.body)}
            pictureChoices={photoChoices}
          />
        ) : isPlainParagraphs(body) ? (
          <textarea
            name="bodyText"
            aria-labelledby={bodyLabelId}
            defaultValue={values?.bodyText ?? plainParagraphs(body)}
            className="min-h-64 w-full rounded-lg border border-line bg-ink px-3 py-2.5 text-text"
          />
        ) : (
          <>
            <input type="hidden" name="body" value={JSON.stringify(body)} />
            <p className="rounded-lg border border-line px-3 py-3 text-sm text-muted">
              The formatted text needs JavaScript to edit; it is kept as it is when you save the other fields.
            </p>
          </>
        )}
        {errors.body && (
          <p className="text-sm text-danger" role="alert">
            {errors.body}
          </p>
        )}
      </div>

      <fieldset className="grid gap-5 rounded-card border border-line p-4">
        <legend className="px-1 text-sm font-semibold uppercase">Pictures</legend>
        <MediaPicker
          label="Hero photo"
          name="heroAssetId"
          choices={photoChoices}
          defaultValue={value("heroAssetId")}
          error={errors.heroAssetId}
          hint="A photo of the media library: its alt text and focal point are the library's. Without one, the hero art below is shown."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Hero art"
            name="image"
            defaultValue={value("image")}
            error={errors.image}
            hint="The site's own art by path (/media/…); used when no photo is chosen."
          />
          <FormField
            label="Hero art focus"
            name="objectPosition"
            defaultValue={value("objectPosition") || "center"}
            error={errors.objectPosition}
            hint="center, top, bottom, or e.g. 50% 30%"
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-5 rounded-card border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold uppercase">Author</legend>
        <FormField
          label="Author"
          name="authorName"
          defaultValue={value("authorName")}
          error={errors.authorName}
          hint="Left empty, the article is credited to the team."
        />
        <FormField label="Author's title" name="authorTitle" defaultValue={value("authorTitle")} error={errors.authorTitle} />
        <FormField
          label="Author's photo"
          name="authorImage"
          defaultValue={value("authorImage")}
          error={errors.authorImage}
          hint="/media/… (optional)"
        />
        <FormField
          label="Author's LinkedIn"
          name="authorLinkedin"
          type="url"
          defaultValue={value("authorLinkedin")}
          error={errors.authorLinkedin}
        />
      </fieldset>

      <fieldset className="grid gap-5 rounded-card border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold uppercase">Podcast</legend>
        <FormField
          label="Episode on YouTube"
          name="podcastYoutubeUrl"
          type="url"
          defaultValue={value("podcastYoutubeUrl")}
          error={errors.podcastYoutubeUrl}
        />
        <FormField
          label="Episode on Spotify"
          name="podcastSpotifyUrl"
          type="url"
          defaultValue={value("podcastSpotifyUrl")}
          error={errors.podcastSpotifyUrl}
        />
      </fieldset>

      <fieldset className="grid gap-5 rounded-card border border-line p-4">
        <legend className="px-1 text-sm font-semibold uppercase">Search and sharing</legend>
        <FormField
          label="SEO title"
          name="seoTitle"
          defaultValue={value("seoTitle")}
          error={errors.seoTitle}
          maxLength={70}
          hint="Left empty, the title is used."
        />
        <TextareaField
          label="SEO description"
          name="seoDescription"
          defaultValue={value("seoDescription")}
          error={errors.seoDescription}
          maxLength={160}
          hint="Left empty, the excerpt is used."
          className="[&_textarea]:min-h-20"
        />
        <FormField
          label="Share image"
          name="shareImage"
          defaultValue={value("shareImage")}
          error={errors.shareImage}
          hint="/media/… Left empty, a card drawn from the title, date and hero picture is used."
        />
      </fieldset>
    </div>
  );
}
