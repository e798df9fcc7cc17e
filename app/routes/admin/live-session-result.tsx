import { data, Link } from "react-router";
import type { Route } from "./+types/live-session-result";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { auditedWrite } from "~/features/admin/audit.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { SESSION_PHASE_LABELS } from "~/features/live/live-round";
import { SessionResultPanel, type ResultActionData } from "~/features/results/session-result-panel";
import { loadResultSession, previewSessionResult, publishSessionResult, type ResultInput } from "~/features/results/session-result.server";
import { MAX_CLASSIFICATION_BYTES, MAX_SESSION_RESULT_FORM_BYTES } from "~/features/results/tsl-classification";
import { parseFormBody } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const target =
    params.roundId.length <= 200 && params.sessionId.length <= 200
      ? await loadResultSession(context.db, params.roundId, params.sessionId, new Date())
      : null;
  if (!target) throw data({ message: "There is no such session." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return data(target, { headers: BACK_OFFICE_HEADERS });
}

const answer = deskAnswer<ResultActionData>;

/** The sheet: the file chosen, else the text pasted (or carried from the preview to the publish). */
async function sheetFrom(form: FormData): Promise<string> {
  const file = form.get("sheetFile");
  // A file over the limit is read no further: the sheet reader refuses its first byte past the limit, in its words.
  if (file instanceof File && file.size > 0) return file.slice(0, MAX_CLASSIFICATION_BYTES + 1).text();
  const pasted = form.get("text");
  return typeof pasted === "string" ? pasted : "";
}

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const body = await parseFormBody(request);
  if (!body.ok) {
    const message =
      body.status === 413
        ? `The classification is too large (the form takes at most ${Math.round(MAX_SESSION_RESULT_FORM_BYTES / 1024)} KB): paste only the classification, a 60-car sheet is about 10 KB. Nothing was saved.`
        : body.message;
    return answer({ tone: "error", message, problems: [{ line: null, message }], input: null }, body.status);
  }
  const form = body.form;
  const status = form.get("status") === "final" ? "final" : "provisional";
  const input: ResultInput = {
    text: await sheetFrom(form),
    status,
    issuedAt: String(form.get("issuedAt") ?? "").trim(),
    note: String(form.get("note") ?? ""),
  };
  // What the form carries back (a large sheet is refused, not echoed).
  const echo = { ...input, text: input.text.length > MAX_CLASSIFICATION_BYTES ? "" : input.text };
  const intent = form.get("intent");
  if (intent === "preview") {
    const outcome = await previewSessionResult(context.db, params.roundId, params.sessionId, input, new Date());
    if (!outcome.ok) {
      return answer(
        { tone: "error", message: "The classification was not read: nothing was saved.", problems: outcome.problems, input: echo },
        outcome.status,
      );
    }
    return answer({ tone: "success", message: "", preview: outcome.preview, input: echo });
  }
  if (intent === "publish") {
    const fingerprint = String(form.get("fingerprint") ?? "");
    try {
      const result = await auditedWrite(context, staff, (tx) =>
        publishSessionResult(tx, staff.id, params.roundId, params.sessionId, input, fingerprint, new Date()),
      );
      if (!result.ok) {
        const message =
          "Something changed since the preview (a result was saved or another version published): nothing was saved. Preview again.";
        return answer({ tone: "error", message, problems: [{ line: null, message }], input: echo }, 409);
      }
      const { version, status: published, changed } = result.value;
      return answer({
        tone: "success",
        message: `Published ${published === "final" ? "the final" : "a provisional"} result (version ${version}). ${
          changed
            ? `${changed} of our results updated: points, standings and driver pages show it now.`
            : "Our results were already as shown."
        }`,
        input: null,
      });
    } catch (error) {
      if (!(error instanceof DeskInputError)) throw error;
      return answer({ tone: "error", message: error.message, problems: [{ line: null, message: error.message }], input: echo }, 400);
    }
  }
  return answer({ tone: "error", message: "Unknown action.", problems: [{ line: null, message: "Unknown action." }], input: null }, 400);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Session result | Back Office", description: "Publish a session's classification.", path: null });

export default function SessionResultPage({ loaderData, actionData }: Route.ComponentProps) {
  const { round, session, kind, raceNumber, phase, versions } = loaderData;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={`/admin/live/${round.id}`} className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
          ← {round.name} live desk
        </Link>
      </p>
      <SectionHeading
        level={1}
        eyebrow={`Round ${round.roundNumber} · ${round.circuit}`}
        title={`Result: ${session.name}`}
        description={`${SESSION_PHASE_LABELS[phase]}. ${
          kind === "race"
            ? `Our drivers' results are written as race ${raceNumber} of the round.`
            : kind === "qualifying"
              ? "Our driver fastest in class takes the round's pole."
              : "The classification is published; no points."
        }`}
      />
      {actionData && actionData.tone === "success" && actionData.message && <FormNotice tone="success">{actionData.message}</FormNotice>}
      <SessionResultPanel key={versions.length} versions={versions} result={actionData ?? null} sessionDate={session.date} />
    </>
  );
}
