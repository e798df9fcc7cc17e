import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/media-detail";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { HistoryPanel } from "~/features/admin/audit-views";
import { conflictResponse } from "~/features/admin/audit.server";
import { RESTORE_INTENT } from "~/features/admin/history-form";
import { entityHistory } from "~/features/admin/history.server";
import { restoreAction } from "~/features/admin/desk/restore.server";
import { canUndoDelete, undoDeadline } from "~/features/admin/soft-delete";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { FocalPointPicker } from "~/features/media/focal-point-picker";
import { mediaFileUrl } from "~/features/media/media";
import { mediaEditSchema, mediaVersionSchema } from "~/features/media/media-form";
import {
  deleteMediaAsset,
  getMediaAsset,
  MediaSnapshotError,
  mediaRestoreTarget,
  pictureImageOf,
  undeleteMediaAsset,
  updateMediaDetails,
} from "~/features/media/media.server";
import { RecordTabs } from "~/features/admin/record-tabs";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";
import { formatUkDateTime } from "~/lib/dates";

const notFound = () => data({ message: "No such media file." }, { status: 404, headers: BACK_OFFICE_HEADERS });

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const asset = await getMediaAsset(context.db, params.assetId);
  if (!asset) throw notFound();
  const now = new Date();
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history = tab === "history" ? await entityHistory(context.db, "media_asset", asset.id, { currentVersion: asset.version }) : [];
  return data(
    {
      tab,
      history,
      asset: {
        id: asset.id,
        kind: asset.kind,
        altText: asset.altText,
        caption: asset.caption,
        credit: asset.credit,
        focalX: asset.focalX,
        focalY: asset.focalY,
        version: asset.version,
        width: asset.width,
        height: asset.height,
        // Stored before ADR 0096 and not cleaned yet: not served, so no link.
        originalUrl: asset.originalCleanedAt ? mediaFileUrl(asset.originalKey) : null,
        originalType: asset.originalType,
        originalBytes: asset.originalBytes,
        createdAt: asset.createdAt.toISOString(),
        deletedAt: asset.deletedAt?.toISOString() ?? null,
        canUndo: canUndoDelete(asset.deletedAt, now),
        undoUntil: asset.deletedAt ? undoDeadline(asset.deletedAt).toISOString() : null,
        variants: asset.variants,
      },
      picture: pictureImageOf(asset),
      notice: url.searchParams.has("uploaded")
        ? "Uploaded. Check the alt text and set the focal point."
        : url.searchParams.has("duplicate")
          ? "That file is already in the library: here it is."
          : url.searchParams.has("saved")
            ? "Saved."
            : null,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const form = await readForm(request);
  const intent = form.get("intent");
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const id = params.assetId;
  if (intent === RESTORE_INTENT) {
    try {
      const restored = await restoreAction(context, staff, form, mediaRestoreTarget(id));
      return data({ fieldErrors: {}, formError: null, restore: restored.data }, restored.init ?? undefined);
    } catch (error) {
      if (!(error instanceof MediaSnapshotError)) throw error;
      return data(
        { fieldErrors: {}, formError: null, restore: { tone: "error" as const, message: error.message } },
        { status: 400, headers: BACK_OFFICE_HEADERS },
      );
    }
  }
  if (intent === "save") {
    const parsed = mediaEditSchema.safeParse(fields);
    if (!parsed.success) return deskAnswer({ fieldErrors: firstErrorPerField(parsed.error), formError: null }, 400);
    const result = await updateMediaDetails(context, staff, id, parsed.data);
    if (!result.ok) return result.kind === "not-found" ? notFound() : conflictResponse(result);
    return redirect(`/admin/media/${id}?saved=1`, { headers: BACK_OFFICE_HEADERS });
  }
  if (intent === "delete" || intent === "undelete") {
    const parsed = mediaVersionSchema.safeParse(fields);
    if (!parsed.success) return deskAnswer({ fieldErrors: firstErrorPerField(parsed.error), formError: null }, 400);
    const write = intent === "delete" ? deleteMediaAsset : undeleteMediaAsset;
    const result = await write(context, staff, id, parsed.data.version);
    if (!result.ok) return result.kind === "not-found" ? notFound() : conflictResponse(result);
    return redirect(`/admin/media/${id}`, { headers: BACK_OFFICE_HEADERS });
  }
  return deskAnswer({ fieldErrors: {}, formError: "Unknown form intent." }, 400);
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.asset.altText ?? "Media file", description: "A file in the media library.", path: null });

const ORIGINAL_BEING_CLEANED = "The original is being cleaned of location and camera details; it is back here in a few minutes.";
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-GB")} kB`;

export default function MediaDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { asset, picture, notice, tab, history } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors: Record<string, string | undefined> = (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined) ?? {};
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const restore = actionData && "restore" in actionData ? actionData.restore : null;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/admin/media" className="text-accent-text underline">
          Media library
        </Link>
      </p>
      <SectionHeading level={1} eyebrow={asset.kind === "image" ? "Image" : "MP4 clip"} title="Edit media" />
      {notice && (
        <p role="status" className="mb-6 rounded-lg border border-line bg-surface-raised p-3 text-sm">
          {notice}
        </p>
      )}
      {formError && (
        <p role="alert" className="mb-6 rounded-lg border border-danger p-3 text-sm text-danger">
          {formError}{" "}
          <Link to={`/admin/media/${asset.id}`} className="underline">
            Load the latest version
          </Link>
        </p>
      )}
      {restore && (
        <p
          role={restore.tone === "error" ? "alert" : "status"}
          className={`mb-6 rounded-lg border p-3 text-sm ${restore.tone === "error" ? "border-danger text-danger" : "border-line bg-surface-raised"}`}
        >
          {restore.message}
        </p>
      )}
      <RecordTabs base={`/admin/media/${asset.id}`} tab={tab} />
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={asset.version} action={`/admin/media/${asset.id}?tab=history`} />
      ) : (
        <>
          {asset.deletedAt ? (
            <section aria-labelledby="deleted-heading" className="mb-8 rounded-card border border-danger p-4">
              <h2 id="deleted-heading" className="font-bold uppercase">
                Deleted
              </h2>
              <p className="mt-1 text-sm text-muted">
                Deleted {formatUkDateTime(asset.deletedAt)}; its files are no longer served.
                {asset.canUndo && asset.undoUntil ? ` You can undo this until ${formatUkDateTime(asset.undoUntil)}.` : ""}
              </p>
              {asset.canUndo && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="undelete" />
                  <input type="hidden" name="version" value={asset.version} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Undo delete
                  </Button>
                </Form>
              )}
            </section>
          ) : null}
          <Form method="post" className="flex flex-col gap-6" key={asset.version}>
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="version" value={asset.version} />
            {picture && picture.kind === "upload" ? (
              <FocalPointPicker image={picture} defaultX={asset.focalX} defaultY={asset.focalY} errors={errors} />
            ) : (
              <>
                {asset.originalUrl ? (
                  <video
                    src={asset.originalUrl}
                    controls
                    preload="metadata"
                    className="w-full max-w-xl rounded-card border border-line"
                    aria-label={asset.altText}
                  />
                ) : (
                  <p className="text-sm text-muted">{ORIGINAL_BEING_CLEANED}</p>
                )}
                <input type="hidden" name="focalX" value={asset.focalX} />
                <input type="hidden" name="focalY" value={asset.focalY} />
              </>
            )}
            <div className="flex max-w-xl flex-col gap-5">
              <FormField label="Alt text" name="altText" required maxLength={300} defaultValue={asset.altText} error={errors.altText} />
              <TextareaField
                label="Caption"
                name="caption"
                maxLength={500}
                defaultValue={asset.caption}
                error={errors.caption}
                className="[&_textarea]:min-h-24"
              />
              <FormField label="Credit" name="credit" maxLength={200} defaultValue={asset.credit} error={errors.credit} />
              <div>
                <Button type="submit" disabled={busy}>
                  Save
                </Button>
              </div>
            </div>
          </Form>
          <section aria-labelledby="files-heading" className="mt-10 max-w-xl">
            <h2 id="files-heading" className="text-lg font-bold uppercase">
              Files
            </h2>
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              <li>
                {asset.originalUrl ? (
                  <a href={asset.originalUrl} className="text-accent-text underline">
                    Original
                  </a>
                ) : (
                  <span title={ORIGINAL_BEING_CLEANED}>Original (being cleaned)</span>
                )}{" "}
                <span className="text-muted">
                  {asset.originalType}, {asset.width && asset.height ? `${asset.width} × ${asset.height}, ` : ""}
                  {kilobytes(asset.originalBytes)}, uploaded {formatUkDateTime(asset.createdAt)}
                </span>
              </li>
              {asset.variants.map((variant) => (
                <li key={variant.key}>
                  <a href={mediaFileUrl(variant.key)} className="text-accent-text underline">
                    {variant.format.toUpperCase()} {variant.width} px
                  </a>{" "}
                  <span className="text-muted">{kilobytes(variant.bytes)}</span>
                </li>
              ))}
            </ul>
          </section>
          {!asset.deletedAt && (
            <Form method="post" className="mt-10">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={asset.version} />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                Delete
              </Button>
              <p className="mt-2 text-xs text-muted">Pages stop showing it at once; you can undo for 30 days.</p>
            </Form>
          )}
        </>
      )}
    </>
  );
}
