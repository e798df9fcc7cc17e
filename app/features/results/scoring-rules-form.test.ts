import { describe, expect, it } from "vitest";
import { LEGEND_2025 } from "~/lib/scoring";
import { formOfRules, rulesOfForm, scoringRulesForm } from "./scoring-rules-form";

const posted = (overrides: Record<string, string> = {}) => ({
  racingClass: "F3A",
  version: "2",
  ...formOfRules(LEGEND_2025),
  ...overrides,
});

describe("the scoring rules form", () => {
  it("reads the legend back as the same rules", () => {
    const form = Object.fromEntries(Object.entries(posted()).filter(([, value]) => value !== ""));
    expect(rulesOfForm(scoringRulesForm.parse(form))).toEqual(LEGEND_2025);
  });

  it("takes points separated by commas or spaces, counts every round when left empty, and reads unticked boxes as no", () => {
    const parsed = scoringRulesForm.parse({
      ...posted({ pointsByPosition: "25 18,15; 12", countedRounds: "" }),
      fastestLapNeedsClassifiedFinish: undefined,
      disqualifiedRoundDroppable: undefined,
    });
    expect(rulesOfForm(parsed)).toMatchObject({
      pointsByPosition: [25, 18, 15, 12],
      countedRounds: null,
      fastestLapNeedsClassifiedFinish: false,
      disqualifiedRoundDroppable: false,
    });
  });

  it("refuses what would score nonsense, saying which field and why", () => {
    const issue = (overrides: Record<string, string>) => scoringRulesForm.safeParse(posted(overrides)).error?.issues[0];
    expect(issue({ pointsByPosition: "" })).toMatchObject({
      path: ["pointsByPosition"],
      message: expect.stringMatching(/first place first/),
    });
    expect(issue({ pointsByPosition: "15, x, 10" })).toMatchObject({
      path: ["pointsByPosition"],
      message: expect.stringMatching(/whole numbers/),
    });
    expect(issue({ pointsByPosition: "10, 12" })?.message).toMatch(/lower position cannot score more/);
    expect(issue({ pointsByPosition: "500" })?.message).toMatch(/0 to 100/);
    expect(issue({ fastestLapPoints: "-1" })).toMatchObject({ path: ["fastestLapPoints"] });
    expect(issue({ countedRounds: "0" })).toMatchObject({ path: ["countedRounds"], message: expect.stringMatching(/at least one/) });
    expect(issue({ version: "x" })).toMatchObject({ path: ["version"] });
  });
});
