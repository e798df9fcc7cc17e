import { z } from "~/lib/zod";

/*
 * Lab figures: what `npm run lighthouse` measured for each key page on the project's own machine
 * (mobile preset, simulated slow 4G and a 4x slower processor, median of its runs), beside the
 * same page's HTML with every script removed. The bench writes them to lab-figures.json when
 * asked (LIGHTHOUSE_SAVE_LAB=1, bench/README.md); Site speed shows them beside the field figures.
 */

const milliseconds = z.number().nonnegative().nullable();

const labPageSchema = z.object({
  /** The address measured, e.g. /news/season-opener-silverstone-international. */
  path: z.string().startsWith("/"),
  /** Lighthouse's performance score, 0-100. */
  performance: z.number().int().min(0).max(100).nullable(),
  lcpMs: milliseconds,
  /** The largest paint of the same HTML without scripts: the page's limit. */
  limitLcpMs: milliseconds,
  tbtMs: milliseconds,
  cls: z.number().nonnegative().nullable(),
});

export const labFiguresSchema = z.object({
  measuredAt: z.iso.datetime(),
  lighthouseVersion: z.string().min(1),
  /** Runs per page; each figure is their median. */
  runs: z.number().int().positive(),
  /** The machine's one-minute load average as the runs ended: a busy machine lengthens blocking time. */
  loadAverage: z.number().nonnegative(),
  /**
   * Lighthouse's BenchmarkIndex of the machine, the median of the runs (DevTools calibrates its
   * mid-tier phone to 1,000): a slower machine lengthens every figure. Absent from older files.
   */
  benchmarkIndex: z.number().positive().nullable().optional(),
  pages: z.array(labPageSchema),
});

export type LabFigures = z.infer<typeof labFiguresSchema>;
export type LabPage = z.infer<typeof labPageSchema>;
