import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/media-new";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field-controls";
import { FormField, inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { MEDIA_ACCEPT, MEDIA_FILE_FIELD } from "~/features/media/upload-form";
import { uploadMedia } from "~/features/media/upload.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  return data(null, { headers: BACK_OFFICE_HEADERS });
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const result = await uploadMedia(context, staff, request);
  if (!result.ok) {
    return data({ fieldErrors: result.fieldErrors, values: result.values }, { status: result.status, headers: BACK_OFFICE_HEADERS });
  }
  context.log.info({ mediaAssetId: result.asset.id, created: result.created }, "media uploaded");
  return redirect(`/admin/media/${result.asset.id}?${result.created ? "uploaded" : "duplicate"}=1`, { headers: BACK_OFFICE_HEADERS });
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Upload media", description: "Add a photo or clip to the library.", path: null });

export default function MediaUploadPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <>
      <SectionHeading
        level={1}
        eyebrow="Media library"
        title="Upload"
        description="JPEG, PNG, WebP or AVIF images up to 15 MB, or MP4 clips up to 40 MB. Smaller copies for phones and screens are made for you."
      />
      <Form method="post" encType="multipart/form-data" className="flex max-w-xl flex-col gap-5" aria-busy={uploading}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="media-file" className="text-sm font-medium text-text">
            File
          </label>
          <input
            id="media-file"
            type="file"
            name={MEDIA_FILE_FIELD}
            accept={MEDIA_ACCEPT}
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "media-file-error" : undefined}
            className={inputClasses}
          />
          {errors.file && (
            <p id="media-file-error" className="text-sm text-danger" role="alert">
              {errors.file}
            </p>
          )}
        </div>
        <FormField
          label="Alt text"
          name="altText"
          required
          maxLength={300}
          defaultValue={values?.altText}
          error={errors.altText}
          hint="What the picture shows, for people who cannot see it: “Car 7 leading into Druids, Brands Hatch”."
        />
        <TextareaField
          label="Caption (optional)"
          name="caption"
          maxLength={500}
          defaultValue={values?.caption}
          error={errors.caption}
          className="[&_textarea]:min-h-24"
        />
        <FormField label="Credit (optional)" name="credit" maxLength={200} defaultValue={values?.credit} error={errors.credit} />
        <div className="flex items-center gap-4">
          <Button type="submit" disabled={uploading}>
            {uploading ? "Uploading…" : "Upload"}
          </Button>
          {uploading && (
            <p className="text-sm text-muted" role="status">
              Uploading and making the sizes; large photos take a few seconds.
            </p>
          )}
        </div>
      </Form>
    </>
  );
}
