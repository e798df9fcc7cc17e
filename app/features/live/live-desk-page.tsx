import { Link } from "react-router";
import { FormNotice } from "~/components/ui/form-notice";
import { SectionHeading } from "~/components/ui/section-heading";
import { useNow } from "~/features/calendar/use-now";
import { DeskTicker, SessionControls, TickerComposer } from "./live-desk-panels";
import type { loadLiveDesk } from "./live-desk-route.server";
import type { LiveDeskAnswer } from "./live-desk-actions.server";
import { roundPagePath } from "./round-paths";

type DeskData = Awaited<ReturnType<typeof loadLiveDesk>>["data"];

/** The live desk of one round, for a phone first: the composer, the sessions, the posts. */
export function LiveDeskPage({ loaderData, actionData }: { loaderData: DeskData; actionData: LiveDeskAnswer | undefined }) {
  const { round, live, posts, drivers, clientKey, confirm } = loaderData;
  const now = useNow(loaderData.now, 15_000);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <div>
        <SectionHeading level={1} eyebrow={`Round ${round.roundNumber} · ${round.dates}`} title={`Live: ${round.name}`} />
        <p className="-mt-2 text-sm">
          <Link to={roundPagePath(round.id)} className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
            The public round page
          </Link>
        </p>
      </div>
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <TickerComposer
        roundId={round.id}
        postUrl={`/admin/live/${encodeURIComponent(round.id)}/posts`}
        clientKey={clientKey}
        sessions={live.sessions}
        drivers={drivers}
        errors={actionData?.errors ?? {}}
      />
      <SessionControls key={round.id} live={live} now={now} initialConfirm={confirm} />
      <DeskTicker posts={posts} />
    </div>
  );
}
