import type { Route } from "./+types/calendar-ics";
import { buildCalendarFeed } from "~/features/calendar/ics";
import { getAllRoundsWithSessions } from "~/features/calendar/season.server";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const feed = buildCalendarFeed(await getAllRoundsWithSessions(context.db), {
    calendarUrl: `${context.publicUrl}/calendar`,
    generatedAt: new Date(),
  });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
