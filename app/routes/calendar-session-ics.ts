import type { Route } from "./+types/calendar-session-ics";
import { buildSessionCalendar } from "~/features/calendar/ics";
import { getAllRoundsWithSessions } from "~/features/calendar/season.server";
import { getPublishedRound } from "~/features/live/live-round.server";
import { roundPagePath } from "~/features/live/round-paths";
import { appContext } from "~/context";

/** One session's calendar file ("Add to calendar" on the round page). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const notFound = () => new Response("No such session", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const sessionId = params.sessionFile.replace(/\.ics$/, "");
  if (!params.sessionFile.endsWith(".ics") || !(await getPublishedRound(context.db, params.roundId))) return notFound();
  const round = (await getAllRoundsWithSessions(context.db)).find((candidate) => candidate.id === params.roundId);
  const session = round?.sessions.find((candidate) => candidate.id === sessionId);
  const file =
    round && session
      ? buildSessionCalendar(round, session, { calendarUrl: `${context.publicUrl}${roundPagePath(round.id)}`, generatedAt: new Date() })
      : null;
  if (!file) return notFound();
  const filename = `${round!.name} ${session!.name}`
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
