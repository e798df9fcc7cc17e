/**
 * The live desk's loader and action, shared by `/admin/live` (the round under way or next) and
 * `/admin/live/:roundId`. The desk follows the results desk's permission: editors (and admins).
 */
import { data, type RouterContextProvider } from "react-router";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { formatRoundDates } from "~/features/calendar/schedule";
import { appContext } from "~/context";
import { currentDeskRoundId, deskDrivers, liveDeskAction } from "./live-desk-actions.server";
import { deskTickerPosts } from "./live-desk.server";
import { parseConfirm } from "./live-desk-panels";
import { getLiveRound } from "./live-round.server";
import { newClientKey } from "./ticker-outbox";

const DESK_ROLE = "editor";

/** The desk of `roundId`, or of the current round when null; 404 when there is none. */
export async function loadLiveDesk(request: Request, routerContext: Readonly<RouterContextProvider>, roundId: string | null) {
  const context = appContext(routerContext);
  await requireStaff(request, context, DESK_ROLE);
  const now = new Date();
  const id = roundId ?? (await currentDeskRoundId(context.db, now));
  const found = id ? await getLiveRound(context.db, id, now, { includeUnpublished: true }) : null;
  if (!found) {
    throw data(
      { message: roundId ? "There is no such round." : "There is no round yet: add one on the results desk." },
      { status: 404, headers: BACK_OFFICE_HEADERS },
    );
  }
  const [posts, drivers] = await Promise.all([deskTickerPosts(context.db, found.round.id), deskDrivers(context.db)]);
  const { round, live } = found;
  return data(
    {
      round: { id: round.id, name: round.name, roundNumber: round.roundNumber, dates: formatRoundDates(round) },
      live,
      posts,
      drivers,
      now: now.toISOString(),
      clientKey: newClientKey(),
      confirm: parseConfirm(new URL(request.url).searchParams.get("confirm")),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

/** Every desk action; on `/admin/live` it acts on the round the form names. */
export async function liveDeskRouteAction(request: Request, routerContext: Readonly<RouterContextProvider>, roundId: string | null) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, DESK_ROLE);
  const id = roundId ?? (await currentDeskRoundId(context.db, new Date()));
  if (!id)
    return data(
      { tone: "error" as const, message: "There is no round yet.", errors: {} as Record<string, string> },
      { status: 404, headers: BACK_OFFICE_HEADERS },
    );
  const outcome = await liveDeskAction(context, staff, id, request);
  return data(outcome.answer, { status: outcome.status, headers: BACK_OFFICE_HEADERS });
}
