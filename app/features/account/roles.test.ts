import { describe, expect, it } from "vitest";
import { dashboardFor, isSelfServiceRole, wrongDashboardNotice } from "./roles";

describe("roles", () => {
  it("lets sign-up choose only Team Member or Driver", () => {
    expect(isSelfServiceRole("team_member")).toBe(true);
    expect(isSelfServiceRole("driver")).toBe(true);
    for (const role of ["admin", "Admin", "", null, undefined, ["driver"]]) expect(isSelfServiceRole(role)).toBe(false);
  });

  it("sends a driver to the driver dashboard and a team member to the team dashboard", () => {
    expect(dashboardFor("driver")).toBe("/dashboard/driver");
    expect(dashboardFor("team_member")).toBe("/dashboard/team");
  });

  it("tells someone who opened the other role's dashboard why they are on their own", () => {
    expect(wrongDashboardNotice("team_member", "driver")).toBe(
      "The Team Dashboard is for team member accounts. Yours is a driver account, so this Driver Dashboard is yours.",
    );
    expect(wrongDashboardNotice("driver", "team_member")).toBe(
      "The Driver Dashboard is for driver accounts. Yours is a team member account, so this Team Dashboard is yours.",
    );
    for (const askedFor of [null, "", "driver", "admin", "<script>"]) expect(wrongDashboardNotice(askedFor, "driver")).toBeNull();
  });
});
