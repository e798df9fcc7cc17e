import type { ScoringRules } from "~/lib/scoring";
import { scoringRulesSchema } from "~/lib/scoring-rules";
import { z } from "~/lib/zod";

/*
 * The scoring rules form of a season's class (/admin/seasons/:year/scoring): how the posted
 * text becomes rules (checked by the same schema as every stored rule), and rules back into
 * the form. Points are never typed per result; these rules compute them.
 */

/** A checkbox: "on" when ticked; a browser leaves an unticked one out. */
const checkbox = z
  .enum(["on", ""], { error: "Tick the box or leave it empty." })
  .optional()
  .transform((value) => value === "on");

const points = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .regex(/^\d{1,3}$/, `The ${label} is a whole number from 0 to 100.`)
    .transform(Number)
    .refine((value) => value <= 100, `The ${label} is a whole number from 0 to 100.`);

export const scoringRulesForm = z.object({
  racingClass: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, "Choose a class."),
  /** The version the form was opened at: 0 when the season still uses rules carried from an earlier one. */
  version: z.coerce.number({ error: "The form is missing its version; reload the page." }).int().min(0),
  pointsByPosition: z
    .string({ error: "Enter the points for each position." })
    .trim()
    .min(1, "Enter the points for each position, first place first.")
    .transform((text) => text.split(/[\s,;-]+/).filter(Boolean))
    .refine(
      (items) => items.every((item) => /^\d{1,3}$/.test(item)),
      "Give whole numbers separated by commas, first place first: 15, 12, 10...",
    )
    .transform((items) => items.map(Number))
    .refine((values) => values.length <= 60, "Give points for at most 60 positions.")
    .refine((values) => values.every((value) => value <= 100), "Each position's points are from 0 to 100.")
    .refine(
      (values) => values.every((value, index) => index === 0 || value <= values[index - 1]!),
      "A lower position cannot score more than a higher one.",
    ),
  additionalFinisherPoints: points("points for each further finisher"),
  fastestLapPoints: points("fastest lap points"),
  fastestLapNeedsClassifiedFinish: checkbox,
  countedRounds: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^\d{1,3}$/.test(value), "Leave it empty to count every round, or give a whole number.")
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((value) => value === null || (value >= 1 && value <= 100), "Count at least one round (at most 100)."),
  disqualifiedRoundDroppable: checkbox,
  reason: z.string().trim().max(500, "Keep the reason to 500 characters.").default(""),
});

export type ScoringRulesFormInput = z.output<typeof scoringRulesForm>;

/** The rules the form describes (ties are always broken by countback). */
export function rulesOfForm(input: ScoringRulesFormInput): ScoringRules {
  return scoringRulesSchema.parse({
    pointsByPosition: input.pointsByPosition,
    additionalFinisherPoints: input.additionalFinisherPoints,
    fastestLapPoints: input.fastestLapPoints,
    fastestLapNeedsClassifiedFinish: input.fastestLapNeedsClassifiedFinish,
    countedRounds: input.countedRounds,
    disqualifiedRoundDroppable: input.disqualifiedRoundDroppable,
    tieBreak: "countback",
  });
}

/** Stored rules as the form's text fields. */
export function formOfRules(rules: ScoringRules): Record<string, string> {
  return {
    pointsByPosition: rules.pointsByPosition.join(", "),
    additionalFinisherPoints: String(rules.additionalFinisherPoints),
    fastestLapPoints: String(rules.fastestLapPoints),
    fastestLapNeedsClassifiedFinish: rules.fastestLapNeedsClassifiedFinish ? "on" : "",
    countedRounds: rules.countedRounds === null ? "" : String(rules.countedRounds),
    disqualifiedRoundDroppable: rules.disqualifiedRoundDroppable ? "on" : "",
  };
}
