import { formatSessionDay, TIME_TO_BE_ANNOUNCED, type NextRaceRound } from "./schedule";

/** A round's sessions: name, day and UK local time (or TBA). */
export function SessionSchedule({ sessions }: { sessions: NextRaceRound["sessions"] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Session schedule, UK time</caption>
      <thead className="text-xs uppercase tracking-wider text-muted">
        <tr>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Session
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Day
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Time (UK)
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line border-t border-line">
        {sessions.map((session) => (
          <tr key={session.sortOrder}>
            <th scope="row" className="py-2.5 pr-3 font-semibold">
              {session.name}
            </th>
            <td className="py-2.5 pr-3 text-muted">{formatSessionDay(session.date)}</td>
            <td className="py-2.5 text-right tabular-nums">{session.time ?? TIME_TO_BE_ANNOUNCED}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
