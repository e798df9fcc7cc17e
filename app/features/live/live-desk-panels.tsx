import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "~/components/use-hydrated";
import { inputClasses } from "~/components/ui/form-field";
import { formatUkDateTime } from "~/lib/dates";
import { SESSION_PHASE_LABELS, sessionPhase, classificationsOf, type LiveRound, type SessionView, type TickerPostView } from "./live-round";
import { SESSION_ACTIONS, sessionActionsFor, TICKER_BODY_MAX, TICKER_PHOTO_ACCEPT, type SessionAction } from "./live-desk-form";
import { useTickerOutbox } from "./ticker-outbox";

/** The result desk's address for a session (built by the results-on-the-flag work). */
export const sessionResultDeskPath = (roundId: string, sessionId: string) =>
  `/admin/live/${encodeURIComponent(roundId)}/sessions/${encodeURIComponent(sessionId)}/result`;

/** The confirm step a first tap asks for, as `?confirm=<sessionId>:<action>` without JavaScript. */
export function parseConfirm(value: string | null): { sessionId: string; action: SessionAction } | null {
  if (!value) return null;
  const at = value.lastIndexOf(":");
  const action = value.slice(at + 1);
  if (at < 1 || !(action in SESSION_ACTIONS)) return null;
  return { sessionId: value.slice(0, at), action: action as SessionAction };
}

/** Each session with its phase and what can be tapped: the action, then Confirm. */
export function SessionControls({
  live,
  now,
  initialConfirm,
}: {
  live: LiveRound;
  now: Date;
  initialConfirm: { sessionId: string; action: SessionAction } | null;
}) {
  const [confirm, setConfirm] = useState(initialConfirm);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold uppercase">
        Sessions
      </h2>
      {live.sessions.length === 0 && <p className="text-muted">This round has no sessions yet: add them on the round desk.</p>}
      <ol className="flex flex-col gap-3">
        {live.sessions.map((session) => (
          <SessionRow
            key={session.id}
            roundId={live.roundId}
            session={session}
            phaseLabel={SESSION_PHASE_LABELS[sessionPhase(session, classificationsOf(live, session.id), now)]}
            confirming={confirm?.sessionId === session.id ? confirm.action : null}
            onAsk={(action) => setConfirm({ sessionId: session.id, action })}
            onCancel={() => setConfirm(null)}
          />
        ))}
      </ol>
    </section>
  );
}

function SessionRow({
  roundId,
  session,
  phaseLabel,
  confirming,
  onAsk,
  onCancel,
}: {
  roundId: string;
  session: SessionView;
  phaseLabel: string;
  confirming: SessionAction | null;
  onAsk: (action: SessionAction) => void;
  onCancel: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Into the confirm step, focus goes to Confirm; out of it (confirmed or cancelled), to the
    // session's name, which stays while the buttons under it change, instead of falling to <body>.
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) nameRef.current?.focus();
    wasConfirming.current = confirming !== null;
  }, [confirming]);
  const ask = (action: SessionAction) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onAsk(action);
  };
  return (
    <li className="rounded-card border border-line bg-surface p-3" data-session={session.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 ref={nameRef} tabIndex={-1} className="font-bold uppercase">
          {session.name}
        </h3>
        <p className="text-sm">
          <span className="text-muted">{session.time ? `${session.time} UK · ` : ""}</span>
          <span className="font-semibold" data-phase-label>
            {phaseLabel}
          </span>
          {session.staffState === null && <span className="text-muted"> (timetable)</span>}
        </p>
      </div>
      {confirming ? (
        <Form method="post" className="mt-3 flex flex-wrap gap-2" onSubmit={onCancel}>
          <input type="hidden" name="intent" value="session" />
          <input type="hidden" name="sessionId" value={session.id} />
          <input type="hidden" name="action" value={confirming} />
          <button
            ref={confirmRef}
            type="submit"
            aria-label={`Confirm: ${SESSION_ACTIONS[confirming].label}, ${session.name}`}
            className={cx(buttonClasses("primary"), "min-h-12 flex-1")}
          >
            Confirm: {SESSION_ACTIONS[confirming].label}
          </button>
          <Link
            to="."
            replace
            className={cx(buttonClasses("secondary"), "min-h-12")}
            onClick={(event) => (event.preventDefault(), onCancel())}
          >
            Cancel
          </Link>
        </Form>
      ) : (
        <form method="get" className="mt-3 flex flex-wrap gap-2">
          {sessionActionsFor(session.staffState).map((action) => (
            <button
              key={action}
              type="submit"
              name="confirm"
              value={`${session.id}:${action}`}
              onClick={ask(action)}
              aria-label={`${SESSION_ACTIONS[action].label}, ${session.name}`}
              className={cx(buttonClasses(action === "red-flag" ? "primary" : "secondary", "sm"), "min-h-12 flex-1")}
            >
              {SESSION_ACTIONS[action].label}
            </button>
          ))}
        </form>
      )}
      <p className="mt-2 text-sm">
        <Link
          to={sessionResultDeskPath(roundId, session.id)}
          aria-label={`Result of ${session.name}`}
          className="inline-flex min-h-11 items-center text-muted underline hover:text-text"
        >
          Result
        </Link>
      </p>
    </li>
  );
}

const KINDS = [
  { value: "text", label: "Text" },
  { value: "photo", label: "Photo" },
  { value: "position", label: "Position" },
  { value: "state", label: "State" },
] as const;

export interface ComposerProps {
  roundId: string;
  postUrl: string;
  /** The key a post sent without JavaScript carries (a new one each time the page renders). */
  clientKey: string;
  sessions: readonly SessionView[];
  drivers: readonly { id: string; name: string; number: number }[];
  errors: Record<string, string>;
}

/**
 * The paddock ticker's composer, for a phone: one form that works without JavaScript (it posts
 * and the page answers); with it, a post goes to the outbox, which keeps it until the server
 * confirms it. Which fields show follows the kind chosen through CSS alone, so nothing moves
 * when the scripts arrive.
 */
export function TickerComposer({ roundId, postUrl, clientKey, sessions, drivers, errors }: ComposerProps) {
  const revalidator = useRevalidator();
  const outbox = useTickerOutbox(roundId, postUrl, () => void revalidator.revalidate());
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const headingId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    let photo: File | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "file" && value.size > 0) photo = value;
    }
    delete fields.clientKey;
    const kind = fields.kind;
    // The checks the server makes too, said at once so staff fix them before the post is queued.
    if (kind === "text" && !fields.body?.trim()) return setLocalError("Write the update.");
    if (kind === "photo" && !photo) return setLocalError("Take or choose a photo to post.");
    if (kind === "position" && (!fields.driverId || !fields.position)) return setLocalError("Choose the driver and the position.");
    if (kind === "state" && !fields.sessionId) return setLocalError("Choose the session.");
    setLocalError(null);
    void outbox.enqueue(fields, photo);
    const keep = kind;
    event.currentTarget.reset();
    const radio = formRef.current?.querySelector<HTMLInputElement>(`input[name=kind][value=${keep}]`);
    if (radio) radio.checked = true;
  };
  const [localError, setLocalError] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold uppercase">
        Post to the ticker
      </h2>
      <p className="min-h-6 text-sm" role="status" data-outbox>
        {outbox.waiting > 0 ? (
          <span className="font-semibold text-warning">Waiting to send ({outbox.waiting})</span>
        ) : outbox.lastSent ? (
          <span className="text-success">{outbox.lastSent.message}</span>
        ) : hydrated ? (
          <span className="text-muted">Posts are kept on this phone until the server has them.</span>
        ) : null}
      </p>
      {(localError || outbox.refused.length > 0) && (
        <div role="alert" className="flex flex-col gap-2">
          {localError && <p className="rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">{localError}</p>}
          {outbox.refused.map((post) => (
            <p
              key={post.clientKey}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger"
            >
              <span className="flex-1">
                Not posted{post.fields.body ? ` (“${post.fields.body.slice(0, 40)}”)` : ""}: {post.message}
              </span>
              <Button variant="ghost" size="sm" onClick={() => outbox.dismissRefused(post.clientKey)}>
                Dismiss
              </Button>
            </p>
          ))}
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        className="group flex flex-col gap-4"
        noValidate={hydrated}
      >
        <input type="hidden" name="intent" value="post" />
        <input type="hidden" name="clientKey" value={clientKey} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Kind of post</legend>
          <div className="grid grid-cols-4 gap-1 rounded-lg border border-line p-1">
            {KINDS.map((kind, index) => (
              <label
                key={kind.value}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md text-sm font-semibold has-checked:bg-accent has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-accent-text"
              >
                <input type="radio" name="kind" value={kind.value} defaultChecked={index === 0} className="sr-only" />
                {kind.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="hidden flex-col gap-1.5 group-has-[input[name=kind][value=photo]:checked]:flex">
          <label htmlFor="ticker-photo" className="text-sm font-medium">
            Photo from the camera
          </label>
          <input
            id="ticker-photo"
            type="file"
            name="file"
            accept={TICKER_PHOTO_ACCEPT}
            capture="environment"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? "ticker-photo-error" : "ticker-photo-hint"}
            className={inputClasses}
          />
          <p id="ticker-photo-hint" className="text-xs text-muted">
            A JPEG, PNG, WebP or AVIF photo up to 15 MB; location data is removed.
          </p>
          {errors.file && (
            <p id="ticker-photo-error" className="text-sm text-danger" role="alert">
              {errors.file}
            </p>
          )}
        </div>
        <div className="hidden grid-cols-[minmax(0,1fr)_6rem] gap-3 group-has-[input[name=kind][value=position]:checked]:grid">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="ticker-driver" className="text-sm font-medium">
              Driver
            </label>
            <select
              id="ticker-driver"
              name="driverId"
              className={inputClasses}
              defaultValue=""
              aria-invalid={errors.driverId ? true : undefined}
            >
              <option value="">Choose…</option>
              {drivers.map((driver) => (
                <option key={driver.id} value={driver.id}>
                  #{driver.number} {driver.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="ticker-position" className="text-sm font-medium">
              Position
            </label>
            <input
              id="ticker-position"
              name="position"
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              className={inputClasses}
              aria-invalid={errors.position ? true : undefined}
            />
          </div>
        </div>
        <div className="hidden flex-col gap-1.5 group-has-[input[name=kind][value=position]:checked]:flex group-has-[input[name=kind][value=state]:checked]:flex">
          <label htmlFor="ticker-session" className="text-sm font-medium">
            Session
          </label>
          <select
            id="ticker-session"
            name="sessionId"
            className={inputClasses}
            defaultValue=""
            aria-invalid={errors.sessionId ? true : undefined}
          >
            <option value="">Choose…</option>
            {sessions.map((session) => (
              <option key={session.id} value={session.id}>
                {session.name}
              </option>
            ))}
          </select>
        </div>
        <div className="hidden flex-col gap-1.5 group-has-[input[name=kind][value=state]:checked]:flex">
          <label htmlFor="ticker-action" className="text-sm font-medium">
            What happened
          </label>
          <select id="ticker-action" name="action" className={inputClasses} defaultValue="start">
            {(Object.keys(SESSION_ACTIONS) as SessionAction[]).map((action) => (
              <option key={action} value={action}>
                {SESSION_ACTIONS[action].label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="ticker-body" className="text-sm font-medium">
            Words
          </label>
          <textarea
            id="ticker-body"
            name="body"
            maxLength={TICKER_BODY_MAX}
            rows={3}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby="ticker-body-hint"
            className={cx(inputClasses, "resize-y")}
          />
          <p id="ticker-body-hint" className="text-xs text-muted">
            Up to {TICKER_BODY_MAX} characters; optional for a photo, a position or a session.
          </p>
        </div>
        <Button type="submit" className="min-h-12">
          Post
        </Button>
      </Form>
    </section>
  );
}

/** The posts on the ticker, each editable and removable. */
export function DeskTicker({ posts }: { posts: readonly (TickerPostView & { version: number })[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold uppercase">
        On the ticker
      </h2>
      {posts.length === 0 && <p className="text-muted">Nothing posted yet.</p>}
      <ol className="flex flex-col gap-3">
        {posts.map((post) => (
          <li key={post.id} className="rounded-card border border-line bg-surface p-3" data-post={post.id}>
            <p className="text-xs text-muted">
              {formatUkDateTime(post.postedAt)} · {post.kind}
              {post.editedAt && " · edited"}
            </p>
            {post.kind === "position" && post.driver && (
              <p className="font-semibold">
                P{post.position} #{post.driver.number} {post.driver.name}
              </p>
            )}
            {post.photo && (
              <img
                src={post.photo.src}
                alt={post.photo.alt}
                width={post.photo.width}
                height={post.photo.height}
                className="mt-1 h-auto max-h-40 w-auto rounded"
              />
            )}
            {post.body && <p className="mt-1 [overflow-wrap:anywhere]">{post.body}</p>}
            <details className="mt-2">
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">Edit or remove</summary>
              <Form method="post" className="mt-2 flex flex-col gap-2">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="postId" value={post.id} />
                <input type="hidden" name="version" value={post.version} />
                <label className="text-sm font-medium" htmlFor={`edit-body-${post.id}`}>
                  Words
                </label>
                <textarea
                  id={`edit-body-${post.id}`}
                  name="body"
                  defaultValue={post.body}
                  maxLength={TICKER_BODY_MAX}
                  rows={2}
                  className={inputClasses}
                />
                {post.kind === "position" && (
                  <>
                    <label className="text-sm font-medium" htmlFor={`edit-position-${post.id}`}>
                      Position
                    </label>
                    <input
                      id={`edit-position-${post.id}`}
                      name="position"
                      type="number"
                      min={1}
                      max={99}
                      defaultValue={post.position ?? undefined}
                      className={inputClasses}
                    />
                  </>
                )}
                <Button type="submit" size="sm" className="min-h-11">
                  Save
                </Button>
              </Form>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="postId" value={post.id} />
                <input type="hidden" name="version" value={post.version} />
                <Button type="submit" variant="secondary" size="sm" className="min-h-11 w-full">
                  Remove from the ticker
                </Button>
              </Form>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
