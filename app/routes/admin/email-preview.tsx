import { data, Link } from "react-router";
import type { Route } from "./+types/email-preview";
import { cx } from "~/components/ui/cx";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireAnyStaff } from "~/features/admin/staff.server";
import { EMAIL_AUDIENCES, findEmailKind } from "~/features/email-previews/catalogue.server";
import { PREVIEW_WIDTHS, previewWidth } from "~/features/email-previews/preview-width";
import { readSiteSettings } from "~/features/settings/site-settings.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireAnyStaff(request, context);
  const kind = findEmailKind(params.kind);
  if (!kind) throw data({ message: "There is no such e-mail." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const settings = await readSiteSettings(context.db);
  const email = await kind.sample({ publicUrl: context.publicUrl, postalAddress: settings.address });
  return data(
    {
      id: kind.id,
      name: kind.name,
      audience: EMAIL_AUDIENCES[kind.audience],
      sentWhen: kind.sentWhen,
      width: previewWidth(url.searchParams.get("width")),
      to: email.to,
      subject: email.subject,
      replyTo: email.headers?.["Reply-To"] ?? null,
      html: email.html ?? null,
      text: email.text,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.name ?? "E-mail"} | E-mails | Back Office`,
    description: "An e-mail the site sends, previewed with sample data.",
    path: null,
  });

export default function EmailPreview({ loaderData }: Route.ComponentProps) {
  const { id, name, audience, sentWhen, width, to, subject, replyTo, html, text } = loaderData;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/admin/emails" className="font-semibold text-accent-text underline">
          All e-mails
        </Link>
      </p>
      <SectionHeading level={1} eyebrow={audience} title={name} description={sentWhen} />
      <dl className="mb-6 grid max-w-3xl gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-muted">Subject</dt>
        <dd className="break-words">{subject}</dd>
        <dt className="font-semibold text-muted">To (sample)</dt>
        <dd className="break-words">{to}</dd>
        {replyTo && (
          <>
            <dt className="font-semibold text-muted">Replies go to</dt>
            <dd className="break-words">{replyTo}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="email-html-heading" className="mb-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="email-html-heading" className="text-xl font-bold uppercase">
            As it arrives
          </h2>
          <nav aria-label="Preview width">
            <ul className="flex gap-2">
              {PREVIEW_WIDTHS.map((option) => (
                <li key={option.px}>
                  <Link
                    to={`/admin/emails/${id}?width=${option.px}`}
                    preventScrollReset
                    aria-current={width === option.px ? "page" : undefined}
                    className={cx(
                      "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold",
                      width === option.px ? "border-accent-text text-accent-text" : "border-line text-muted hover:text-text",
                    )}
                  >
                    {option.label} ({option.px} px)
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {html ? (
          // The e-mail's own HTML, in a frame that runs no script, opens nothing and submits nothing
          // (sandbox without allow-scripts; allow-same-origin has no effect without them. The pictures
          // load as in a mail client: the site serves them to any origin, ADR 0103). It scrolls sideways on a narrow screen,
          // so the box takes keyboard focus (arrow keys scroll it) and has a name.
          <div
            role="region"
            aria-label={`The e-mail at ${width} px`}
            tabIndex={0}
            className="overflow-x-auto rounded-card border border-line bg-[#f1f2f4]"
          >
            <iframe
              title={`${name}: the e-mail at ${width} px`}
              srcDoc={html}
              sandbox="allow-same-origin"
              referrerPolicy="no-referrer"
              style={{ width: `${width}px` }}
              className="block h-[75vh] min-h-[32rem] border-0 bg-white"
              data-testid="email-frame"
            />
          </div>
        ) : (
          <p className="text-muted">This e-mail is sent as plain text only.</p>
        )}
      </section>
      <section aria-labelledby="email-text-heading">
        <h2 id="email-text-heading" className="mb-3 text-xl font-bold uppercase">
          Plain-text part
        </h2>
        <pre
          className="max-w-3xl overflow-x-auto whitespace-pre-wrap break-words rounded-card border border-line bg-surface p-4 text-sm"
          data-testid="email-text"
        >
          {text}
        </pre>
      </section>
    </>
  );
}
