import { EmailLayout, EmailLink, EmailSmallPrint, EmailText, type EmailFrame } from "~/features/mail/email-layout";

export interface OverdueResultLine {
  sessionName: string;
  roundName: string;
  circuit: string;
  /** When the session finished, in UK time ("2 Nov 2025, 14:32"). */
  finishedAt: string;
  minutesAgo: number;
  /** The session's result desk. */
  deskUrl: string;
}

/** To the results staff: sessions that finished more than 15 minutes ago with no result published. */
export function ResultOverdueEmail({ frame, lines }: { frame: EmailFrame; lines: OverdueResultLine[] }) {
  const first = lines[0]!;
  return (
    <EmailLayout
      frame={frame}
      preview={
        lines.length === 1
          ? `${first.sessionName} at ${first.circuit} finished ${first.minutesAgo} minutes ago: no result yet.`
          : `${lines.length} sessions have finished with no result yet.`
      }
      heading={lines.length === 1 ? "A result is overdue" : `${lines.length} results are overdue`}
    >
      <EmailText>Fans are waiting for these results; the timing sheet is usually out 2 to 5 minutes after the flag.</EmailText>
      {lines.map((line) => (
        <EmailText key={line.deskUrl}>
          <strong>
            {line.sessionName}, {line.roundName}
          </strong>
          <br />
          {line.circuit} · finished {line.finishedAt} ({line.minutesAgo} minutes ago)
          <br />
          <EmailLink href={line.deskUrl}>Publish the result</EmailLink>
        </EmailText>
      ))}
      <EmailSmallPrint>
        You get one e-mail per session. Paste the classification as copied from the timing sheet, or upload its CSV.
      </EmailSmallPrint>
    </EmailLayout>
  );
}
