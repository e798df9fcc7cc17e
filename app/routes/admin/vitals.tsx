import { data } from "react-router";
import type { Route } from "./+types/vitals";
import { SectionHeading } from "~/components/ui/section-heading";
import { cx } from "~/components/ui/cx";
import { BACK_OFFICE_HEADERS, requireAnyStaff } from "~/features/admin/staff.server";
import type { LabFigures, LabPage } from "~/features/vitals/lab-figures";
import { LAB_FIGURES } from "~/features/vitals/lab-figures.server";
import { readVitalsReport, type PageVitals, type VitalSummary } from "~/features/vitals/vitals.server";
import { pageMeta } from "~/lib/meta";
import { formatVital, rateVital, VITAL_RATING_LABELS, VITAL_THRESHOLDS, type VitalMetric, type VitalRating } from "~/lib/web-vitals";
import { appContext } from "~/context";
import { formatUkLongDate } from "~/lib/dates";

/*
 * Site speed: how fast the pages are on visitors' own phones and computers (field Core Web
 * Vitals, ADR 0089), judged as Google judges them: the 75th percentile of the page views of the
 * last 7 and 28 days against the published thresholds, beside the lab figures Lighthouse last
 * measured (lab-figures.ts). Every staff member may look.
 */

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireAnyStaff(request, context);
  // Each measured address under the name the field figures use for its page (/news/:reportId).
  const lab: LabView = {
    ...LAB_FIGURES,
    pages: LAB_FIGURES.pages.map((page) => ({ ...page, page: context.vitals.routePattern(page.path) })),
  };
  return data({ report: await readVitalsReport(context.db), sampleRate: context.vitals.sampleRate, lab }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Site speed | Back Office", description: "How fast the site is for its visitors.", path: null });

/** The metrics shown, in the order Core Web Vitals are usually read. FCP is stored but not shown. */
const SHOWN: readonly { metric: VitalMetric; name: string }[] = [
  { metric: "LCP", name: "Largest paint (LCP)" },
  { metric: "INP", name: "Response to taps (INP)" },
  { metric: "CLS", name: "Layout shift (CLS)" },
  { metric: "TTFB", name: "First byte (TTFB)" },
];

const RATING_CLASSES: Record<VitalRating, string> = {
  good: "text-success",
  "needs-improvement": "text-warning",
  poor: "text-danger",
};

function MetricCell({ metric, summary }: { metric: VitalMetric; summary: VitalSummary | undefined }) {
  if (!summary) {
    return (
      <td className="px-3 py-2 align-top text-muted">
        <span aria-label="No samples">–</span>
      </td>
    );
  }
  return (
    <td className="px-3 py-2 align-top" data-metric={metric}>
      <span className="block font-semibold tabular-nums">
        {summary.p75.atLeast ? "over " : ""}
        {formatVital(metric, summary.p75.value)}
      </span>
      <span className={cx("block text-xs font-semibold", RATING_CLASSES[summary.rating])}>{VITAL_RATING_LABELS[summary.rating]}</span>
      <span className="block text-xs text-muted">
        {summary.samples === 1 ? "1 sample" : `${summary.samples.toLocaleString("en-GB")} samples`}
      </span>
    </td>
  );
}

function VitalsTable({ id, title, pages }: { id: string; title: string; pages: PageVitals[] }) {
  return (
    <div className="mb-10">
      <h2 id={id} className="mb-3 text-2xl font-bold uppercase">
        {title}
      </h2>
      {pages.length === 0 ? (
        <p className="text-muted">No page views were measured in this period.</p>
      ) : (
        // The table keeps its columns on a phone and scrolls sideways inside this box, not the page.
        <>
          <p className="mb-2 text-xs text-muted sm:hidden">Swipe the table sideways for layout shift, first byte and page views.</p>
          <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-card border border-line">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">75th percentile per page, {title.toLowerCase()}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="px-3 py-2">
                    Page
                  </th>
                  {SHOWN.map(({ metric, name }) => (
                    <th key={metric} scope="col" className="px-3 py-2">
                      {name}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right">
                    Page views
                  </th>
                </tr>
              </thead>
              <tbody>
                {pages.map((page) => (
                  <tr key={page.page} className="border-b border-line last:border-b-0">
                    <th scope="row" className="whitespace-nowrap px-3 py-2 align-top font-mono text-xs font-normal">
                      {page.page}
                    </th>
                    {SHOWN.map(({ metric }) => (
                      <MetricCell key={metric} metric={metric} summary={page.metrics[metric]} />
                    ))}
                    <td className="px-3 py-2 text-right align-top tabular-nums">{page.pageViews.toLocaleString("en-GB")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

type LabView = Omit<LabFigures, "pages"> & { pages: (LabPage & { page: string })[] };

function RatedCell({ metric, value }: { metric: "LCP" | "CLS"; value: number | null }) {
  if (value === null) return <td className="px-3 py-2 align-top text-muted">–</td>;
  const rating = rateVital(metric, value);
  return (
    <td className="px-3 py-2 align-top" data-metric={metric}>
      <span className="block font-semibold tabular-nums">{formatVital(metric, value)}</span>
      <span className={cx("block text-xs font-semibold", RATING_CLASSES[rating])}>{VITAL_RATING_LABELS[rating]}</span>
    </td>
  );
}

const plainCell = (text: string | null) => <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">{text ?? "–"}</td>;

/** What Lighthouse measured on the project's own machine, beside the same pages without their scripts. */
function LabTable({ lab }: { lab: LabView }) {
  return (
    <div className="mb-10">
      <h2 id="vitals-lab" className="mb-3 text-2xl font-bold uppercase">
        In the lab
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-muted">
        {`Lighthouse ${lab.lighthouseVersion} on a simulated mid-range phone (slow 4G, a processor four times slower), the median of ${lab.runs} runs per page, measured on ${formatUkLongDate(lab.measuredAt)}${lab.benchmarkIndex ? ` by a machine of benchmark index ${lab.benchmarkIndex.toLocaleString("en-GB")} (a mid-range phone is about 1,000)` : ""}. `}
        "Without scripts" is the same page with every script removed: the soonest it could paint. Blocking time is how long the phone could
        not answer a tap while the page started.
      </p>
      <p className="mb-2 text-xs text-muted sm:hidden">Swipe the table sideways for blocking time and layout shift.</p>
      <div role="region" aria-labelledby="vitals-lab" tabIndex={0} className="overflow-x-auto rounded-card border border-line">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Lighthouse figures per page</caption>
          <thead>
            <tr className="border-b border-line">
              {["Page", "Score", "Largest paint (LCP)", "Without scripts", "Blocking time (TBT)", "Layout shift (CLS)"].map((name) => (
                <th key={name} scope="col" className="px-3 py-2">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lab.pages.map((page) => (
              <tr key={page.path} className="border-b border-line last:border-b-0">
                {/* A measured address can be long: it wraps, so a phone shows the figures beside it. */}
                <th scope="row" className="w-44 px-3 py-2 align-top font-mono text-xs font-normal">
                  <span className="whitespace-nowrap">{page.page}</span>
                  {page.page !== page.path && <span className="block break-all text-muted">{page.path}</span>}
                </th>
                {plainCell(page.performance === null ? null : `${page.performance} / 100`)}
                <RatedCell metric="LCP" value={page.lcpMs} />
                {plainCell(page.limitLcpMs === null ? null : formatVital("LCP", page.limitLcpMs))}
                {plainCell(page.tbtMs === null ? null : `${page.tbtMs.toLocaleString("en-GB")} ms`)}
                <RatedCell metric="CLS" value={page.cls} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const thresholdLine = (metric: VitalMetric) => {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return `${metric} good up to ${formatVital(metric, good)}, poor above ${formatVital(metric, poor)}`;
};

export default function SiteSpeedPage({ loaderData }: Route.ComponentProps) {
  const { report, sampleRate, lab } = loaderData;
  return (
    <>
      <SectionHeading
        level={1}
        title="Site speed"
        description="How fast each page is on visitors' own phones and computers: the figure three in four page views beat (the 75th percentile), as Google judges Core Web Vitals."
      />
      <p className="mb-6 max-w-3xl text-sm text-muted">
        {sampleRate > 0
          ? `Measured by ${Math.round(sampleRate * 100)}% of page views, picked at random; no cookie, address or visitor is recorded. `
          : "Measuring is turned off (VITALS_SAMPLE_RATE=0). "}
        {SHOWN.map(({ metric }) => thresholdLine(metric)).join("; ")}.
      </p>
      {report.last28.length === 0 ? (
        <p className="mb-10 rounded-card border border-line p-4 text-muted" role="status">
          No page views have been measured yet. Figures appear here once visitors have browsed the site.
        </p>
      ) : (
        <>
          <VitalsTable id="vitals-7" title="Last 7 days" pages={report.last7} />
          <VitalsTable id="vitals-28" title="Last 28 days" pages={report.last28} />
        </>
      )}
      <LabTable lab={lab} />
    </>
  );
}
