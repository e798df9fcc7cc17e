import { SitePicture } from "~/components/site-picture";
import { BarChart } from "./report-chart";
import { displayCount, METRIC_LABELS } from "./placements";
import { shownMetrics } from "./report";
import type { PartnerReport } from "./report.server";

const cell = "border-b border-line px-2 py-2 text-left align-top";

/** A partner's report: per race weekend and season to date, each chart with its table beside it, then the ledger. */
export function PartnerReportView({ report }: { report: PartnerReport }) {
  const { summary } = report;
  const metrics = shownMetrics(summary.season);
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="season-heading">
        <h2 id="season-heading" className="text-2xl font-bold uppercase">
          Season {report.seasonYear} to date
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="season-table">
            <tbody>
              {metrics.map((metric) => (
                <tr key={metric}>
                  <th scope="row" className={cell}>
                    {METRIC_LABELS[metric]}
                  </th>
                  <td className={cell} data-metric={metric}>
                    {displayCount(summary.season[metric])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="weekends-heading">
        <h2 id="weekends-heading" className="text-2xl font-bold uppercase">
          Per race weekend
        </h2>
        <p className="mt-2 text-sm text-muted">A weekend counts the days from the previous round up to its last day.</p>
        {metrics.includes("seen") && (
          <p className="mt-1 text-sm text-muted">
            Seen means at least half of your mark was on screen for a second. It is counted only in browsers that allow it (no objection, no
            Global Privacy Control), so it is a floor, not every view.
          </p>
        )}
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <BarChart
            id="chart-weekend-impressions"
            title={metrics.includes("seen") ? "Served and seen per race weekend" : "Served impressions per race weekend"}
            series={[
              { name: METRIC_LABELS.impression, tone: "accent" },
              ...(metrics.includes("seen") ? [{ name: METRIC_LABELS.seen, tone: "muted" as const }] : []),
            ]}
            rows={summary.weekends.map((weekend) => ({
              label: weekend.label,
              values: metrics.includes("seen") ? [weekend.totals.impression, weekend.totals.seen] : [weekend.totals.impression],
            }))}
          />
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Figures per race weekend">
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    Race weekend
                  </th>
                  {metrics.map((metric) => (
                    <th key={metric} scope="col" className={cell}>
                      {METRIC_LABELS[metric]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.weekends.map((weekend) => (
                  <tr key={weekend.label}>
                    <th scope="row" className={cell}>
                      {weekend.label}
                    </th>
                    {metrics.map((metric) => (
                      <td key={metric} className={cell}>
                        {displayCount(weekend.totals[metric])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="placements-heading">
        <h2 id="placements-heading" className="text-2xl font-bold uppercase">
          Where you appeared
        </h2>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <BarChart
            id="chart-placement-clicks"
            title="Clicks through to your site, per placement"
            series={[{ name: METRIC_LABELS.click, tone: "accent" }]}
            rows={summary.placements.map((placement) => ({
              label: report.placementLabels[placement.placementId] ?? placement.placementId,
              values: [placement.totals.click],
            }))}
          />
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Figures per placement">
            <table className="w-full text-sm" data-testid="placements-table">
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    Placement
                  </th>
                  {metrics.map((metric) => (
                    <th key={metric} scope="col" className={cell}>
                      {METRIC_LABELS[metric]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.placements.map((placement) => (
                  <tr key={placement.placementId} data-placement={placement.placementId}>
                    <th scope="row" className={cell}>
                      {report.placementLabels[placement.placementId] ?? placement.placementId}
                    </th>
                    {metrics.map((metric) => (
                      <td key={metric} className={cell} data-metric={metric}>
                        {displayCount(placement.totals[metric])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="text-2xl font-bold uppercase">
          Promised and delivered
        </h2>
        <div className="mt-4 flex flex-col gap-6">
          {report.ledger.map((round) => (
            <article
              key={round.roundId}
              aria-labelledby={`ledger-${round.roundId}`}
              className="rounded-card border border-line bg-surface p-4 sm:p-6"
            >
              <h3 id={`ledger-${round.roundId}`} className="text-xl font-bold uppercase">
                {round.label}
              </h3>
              {round.lines.length === 0 ? (
                <p className="mt-2 text-sm text-muted">Nothing was promised for this weekend.</p>
              ) : (
                <ul className="mt-3 flex flex-col gap-3">
                  {round.lines.map((line) => (
                    <li key={line.id} className="flex flex-wrap items-start gap-3 text-sm">
                      {line.photo && (
                        <SitePicture
                          photo={line.photo}
                          src=""
                          alt={`Evidence: ${line.label}`}
                          width={160}
                          height={90}
                          sizes="10rem"
                          className="w-40 rounded object-cover"
                        />
                      )}
                      <div>
                        <p className="font-semibold">
                          {line.label}: {line.delivered} of {line.promised} delivered
                        </p>
                        {line.note && <p className="text-muted">{line.note}</p>}
                        {line.evidenceUrl && (
                          <a href={line.evidenceUrl} className="text-accent-text underline" rel="noopener noreferrer">
                            The post or episode
                          </a>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {round.mentions.length > 0 && (
                <div className="mt-4">
                  <h4 className="font-semibold">Mentioned in</h4>
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {round.mentions.map((mention) => (
                      <li key={mention.path}>
                        <a href={mention.path} className="underline">
                          {mention.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
