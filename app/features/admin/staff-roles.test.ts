import { describe, expect, it } from "vitest";
import { requiredStaffRoleFor, visibleAreas } from "./areas";
import { canUndoDelete, undoDeadline } from "./soft-delete";
import { hasStaffRole, isStaffRole, sortStaffRoles } from "./staff-roles";

describe("hasStaffRole", () => {
  it("lets an admin act as every role, and others only as their own", () => {
    for (const role of ["admin", "editor", "shop"] as const) expect(hasStaffRole(["admin"], role)).toBe(true);
    expect(hasStaffRole(["editor"], "editor")).toBe(true);
    expect(hasStaffRole(["editor"], "shop")).toBe(false);
    expect(hasStaffRole(["editor", "shop"], "admin")).toBe(false);
    expect(hasStaffRole([], "editor")).toBe(false);
  });

  it("knows the role names and their order", () => {
    expect(isStaffRole("shop")).toBe(true);
    expect(isStaffRole("driver")).toBe(false);
    expect(isStaffRole("Admin")).toBe(false);
    expect(sortStaffRoles(["shop", "admin"])).toEqual(["admin", "shop"]);
  });
});

describe("admin areas", () => {
  it("shows each person only the areas their roles open", () => {
    const newsroomAndRacing = [
      "/admin/news",
      "/admin/newsletters",
      "/admin/notifications",
      "/admin/media",
      "/admin/live",
      "/admin/results",
      "/admin/seasons",
      "/admin/drivers",
      "/admin/team",
      "/admin/female-side",
    ];
    const siteDesks = ["/admin/content", "/admin/legal", "/admin/partners"];
    const shopDesks = [
      "/admin/orders",
      "/admin/products",
      "/admin/promotions",
      "/admin/delivery",
      "/admin/customers",
      "/admin/messages",
      "/admin/subscribers",
      "/admin/mail",
    ];
    // E-mail previews and Site speed are open to every staff role.
    const everyone = ["/admin/emails", "/admin/vitals"];
    expect(visibleAreas(["shop"]).map((area) => area.path)).toEqual(["/admin", ...everyone, ...shopDesks]);
    expect(visibleAreas(["editor"]).map((area) => area.path)).toEqual(["/admin", ...newsroomAndRacing, ...siteDesks, ...everyone]);
    expect(visibleAreas(["admin"]).map((area) => area.path)).toEqual([
      "/admin",
      ...newsroomAndRacing,
      ...siteDesks,
      ...everyone,
      ...shopDesks,
      "/admin/people",
      "/admin/activity",
      "/admin/settings",
    ]);
  });

  it("takes the role a path needs from its area, and admin for a path no area names", () => {
    expect(requiredStaffRoleFor("/admin")).toBeNull();
    expect(requiredStaffRoleFor("/admin/")).toBeNull();
    expect(requiredStaffRoleFor("/admin/people")).toBe("admin");
    expect(requiredStaffRoleFor("/admin/activity/123")).toBe("admin");
    expect(requiredStaffRoleFor("/admin/peoplex")).toBe("admin");
    expect(requiredStaffRoleFor("/admin/drivers/oliver-hartley")).toBe("editor");
    expect(requiredStaffRoleFor("/admin/female-side")).toBe("editor");
    expect(requiredStaffRoleFor("/admin/unlisted")).toBe("admin");
    expect(requiredStaffRoleFor("/admin/media/new")).toBe("editor");
  });
});

describe("soft delete", () => {
  it("can be undone for 30 days and not after", () => {
    const deletedAt = new Date("2026-03-01T12:00:00Z");
    expect(canUndoDelete(deletedAt, new Date("2026-03-31T12:00:00Z"))).toBe(true);
    expect(canUndoDelete(deletedAt, new Date("2026-03-31T12:00:01Z"))).toBe(false);
    expect(canUndoDelete(null, deletedAt)).toBe(false);
    expect(undoDeadline(deletedAt).toISOString()).toBe("2026-03-31T12:00:00.000Z");
  });
});
