import { z } from "./zod";
import type { ScoringRules } from "./scoring";

/** The shape of a scoring_rules row's rules (and of a season file's scoringRules), checked wherever rules enter. */
export const scoringRulesSchema = z.object({
  pointsByPosition: z.array(z.number().int().min(0).max(100)).min(1).max(60),
  additionalFinisherPoints: z.number().int().min(0).max(100),
  fastestLapPoints: z.number().int().min(0).max(100),
  fastestLapNeedsClassifiedFinish: z.boolean(),
  countedRounds: z.number().int().min(1).max(100).nullable(),
  disqualifiedRoundDroppable: z.boolean(),
  tieBreak: z.literal("countback"),
}) satisfies z.ZodType<ScoringRules>;
