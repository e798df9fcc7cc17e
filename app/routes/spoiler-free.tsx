import { data, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/spoiler-free";
import { SectionHeading } from "~/components/ui/section-heading";
import { RevealRoundForm, SpoilerFreeForm } from "~/features/spoiler-free/spoiler-free-forms";
import { SPOILER_FREE_FOCUS, SPOILER_FREE_SCOPE } from "~/features/spoiler-free/spoiler-guard";
import { applySpoilerFreeForm, getSpoilerFreePage } from "~/features/spoiler-free/spoiler-free.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** The page shows this browser's own mode, from its cookie: never kept by a cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const page = await getSpoilerFreePage(context.db, request.headers.get("Cookie"), new Date());
  return data(page, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = () => PRIVATE;

/** Every control of the mode posts here (ADR 0142): the cookie is set, and the browser goes back (303). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const outcome = await applySpoilerFreeForm(await readForm(request), request.headers.get("Cookie"), {
    db: context.db,
    now: new Date(),
    secure: context.publicUrl.startsWith("https:"),
  });
  if (outcome.kind === "refused") return data({ message: outcome.message }, { status: outcome.status, headers: PRIVATE });
  return redirect(outcome.location, { status: 303, headers: { "Set-Cookie": outcome.setCookie, ...PRIVATE } });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Spoiler-free mode",
    description: "Watching a round later? Hide results, positions and the paddock ticker on every page until Monday 23:00 UK time.",
  });

export default function SpoilerFreePage({ loaderData, actionData }: Route.ComponentProps) {
  const { endsAt, rounds } = loaderData;
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        eyebrow="Watching later?"
        title="Spoiler-free mode"
        description="Turn it on and this browser hides results, positions and the paddock ticker on every page of the site until you reveal a round. It turns itself off on Monday at 23:00 UK time."
      />
      {actionData && (
        <p role="alert" className="mb-6 rounded-card border border-danger/50 bg-danger/10 p-4">
          {actionData.message}
        </p>
      )}
      <noscript>
        <p className="mb-6 rounded-card border border-warning/60 bg-warning/10 p-4">
          JavaScript is off in this browser. The mode is kept, but the site&apos;s pages hide results with a small script, so without it
          they show every result.
        </p>
      </noscript>
      <div {...{ [SPOILER_FREE_SCOPE]: "" }} className="rounded-card border border-line bg-surface p-4 sm:p-6">
        {endsAt ? (
          <>
            <h2 {...{ [SPOILER_FREE_FOCUS]: "" }} className="text-xl font-bold uppercase">
              On until {endsAt} UK time
            </h2>
            <p className="mt-2 text-muted">
              Results, positions and the ticker are hidden on every page. Reveal a round to see its results; the others stay hidden.
            </p>
            <RoundList rounds={rounds} onChanged={reload} />
            <SpoilerFreeForm
              change={{ intent: "off" }}
              announcement="Spoiler-free mode is off. Every result is shown."
              variant="primary"
              size="md"
              className="mt-6"
              onChanged={reload}
            >
              Reveal all and turn off
            </SpoilerFreeForm>
          </>
        ) : (
          <>
            <h2 {...{ [SPOILER_FREE_FOCUS]: "" }} className="text-xl font-bold uppercase">
              Off
            </h2>
            <p className="mt-2 text-muted">Every result is shown.</p>
            <SpoilerFreeForm
              change={{ intent: "on" }}
              announcement="Spoiler-free mode is on until Monday 23:00 UK time. Results are hidden."
              variant="primary"
              size="md"
              className="mt-6"
              onChanged={reload}
            >
              Turn on spoiler-free mode
            </SpoilerFreeForm>
          </>
        )}
      </div>
      <WhatItHides />
    </section>
  );
}

function RoundList({
  rounds,
  onChanged,
}: {
  rounds: ReadonlyArray<{ id: string; roundNumber: number; name: string; hidden: boolean }>;
  onChanged: () => void;
}) {
  if (rounds.length === 0) return null;
  return (
    <ul className="mt-5 divide-y divide-line border-y border-line" aria-label="Rounds so far">
      {rounds.map((round) => (
        <li key={round.id} className="grid min-h-15 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 py-3">
          <p>
            <span className="font-semibold">Round {round.roundNumber}</span> · {round.name}
            <span className="block text-sm text-muted">{round.hidden ? "Results hidden" : "Results shown"}</span>
          </p>
          {round.hidden && <RevealRoundForm round={round} onChanged={onChanged} />}
        </li>
      ))}
    </ul>
  );
}

function WhatItHides() {
  return (
    <div className="mt-10 grid gap-6 text-sm sm:grid-cols-2">
      <section aria-labelledby="hidden-heading">
        <h2 id="hidden-heading" className="text-lg font-bold uppercase">
          Hidden
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>Each session&apos;s classification and our drivers&apos; positions and points</li>
          <li>The paddock ticker, including posts that arrive while you read</li>
          <li>News published since a hidden round began (its race report above all), wherever it is shown, and its title</li>
          <li>Drivers&apos; season results, wins, podiums and points</li>
        </ul>
      </section>
      <section aria-labelledby="shown-heading">
        <h2 id="shown-heading" className="text-lg font-bold uppercase">
          Still shown
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>The calendar, each weekend&apos;s schedule and the countdown</li>
          <li>Whether a session is running, finished or has its result out</li>
          <li>News from before the season&apos;s first round</li>
        </ul>
      </section>
      <p className="text-muted sm:col-span-2">
        The mode is kept in this browser only, in a cookie named spoiler_free that holds when it ends and the rounds you have revealed.
        Another browser or device has its own.
      </p>
    </div>
  );
}
