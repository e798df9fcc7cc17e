import type { ReactNode } from "react";
import { FormNotice } from "~/components/ui/form-notice";
import type { SecurityActionData, SecurityIntent } from "./security-intents";

/** One section of the Security page: a titled card. */
export function SecurityPanel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold uppercase tracking-wide">
        {title}
      </h2>
      {description && <p className="mt-2 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The answer to a form of this section, if the last form sent was one of `intents`. */
export function SectionNotice({ result, intents }: { result: SecurityActionData | undefined; intents: readonly SecurityIntent[] }) {
  if (!result || !intents.includes(result.intent) || !result.message) return null;
  return <FormNotice tone={result.tone}>{result.message}</FormNotice>;
}
