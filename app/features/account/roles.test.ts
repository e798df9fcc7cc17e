import { describe, expect, it } from "vitest";
import { dashboardFor, isSelfServiceRole } from "./roles";

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
});
