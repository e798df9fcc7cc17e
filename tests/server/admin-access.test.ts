import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../app/features/account/auth.server";
import { requiredStaffRoleFor } from "../../app/features/admin/areas";
import { NOT_STAFF_MESSAGE, STAFF_TWO_FACTOR_PATH } from "../../app/features/admin/staff.server";
import { hasStaffRole, STAFF_ROLES, type StaffRole } from "../../app/features/admin/staff-roles";
import routes from "../../app/routes";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * Every route under /admin in app/routes.ts, whoever adds it, is walked here: its loader
 * (GET) and action (POST) are called as a guest, a team member, a driver, each staff role
 * that is not enough for it (by ADMIN_AREAS in app/features/admin/areas.ts) and a staff
 * member with the right role but no two-factor. Each must be turned away (302 to sign in or
 * to set up two-factor, or 403) before any data is read or written.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface AdminRoute {
  /** The URL path with dummy values for its params. */
  url: string;
  pattern: string;
  file: string;
  params: Record<string, string>;
}

function flatten(entries: readonly RouteEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

// The first admin's set-up is the one /admin page open before there is an admin, and 404 to
// everyone after (ADR 0108): tests/server/first-admin.test.ts walks it.
const FIRST_ADMIN_SETUP = "admin/setup";

const adminRoutes: AdminRoute[] = flatten(routes as RouteEntry[])
  .filter(({ pattern }) => (pattern === "admin" || pattern.startsWith("admin/")) && pattern !== FIRST_ADMIN_SETUP)
  .map(({ pattern, file }) => {
    const params: Record<string, string> = {};
    const url =
      "/" +
      pattern
        .split("/")
        .map((segment) => {
          if (segment === "*") return (params["*"] = "dummy/path");
          if (!segment.startsWith(":")) return segment;
          const name = segment.slice(1).replace(/\?$/, "");
          return (params[name] = "dummy-1");
        })
        .join("/");
    return { url, pattern, file, params };
  });

type Visitor = { label: string; person: () => TestPerson | null; expect: "sign-in" | "forbidden" | "two-factor" };

const suite = seededTestDatabase();
let auth: Auth;
const people: Record<string, TestPerson> = {};

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  const make = async (key: string, role: "team_member" | "driver", staff: StaffRole[], twoFactor = true) => {
    const person = await signUpPerson(suite.db, auth, { email: `walk-${key}@example.com`, role });
    people[key] = await makeStaff(suite.db, person, staff, { twoFactor });
  };
  await make("member", "team_member", []);
  await make("driver", "driver", []);
  for (const role of STAFF_ROLES) {
    await make(role, "team_member", [role]);
    await make(`${role}-no-2fa`, "team_member", [role], false);
  }
  await make("editor+shop", "team_member", ["editor", "shop"]);
});

function visitorsFor(route: AdminRoute): Visitor[] {
  const required = requiredStaffRoleFor(route.url);
  const wrongStaff =
    required === null
      ? []
      : [...STAFF_ROLES.filter((role) => !hasStaffRole([role], required)), ...(required === "admin" ? ["editor+shop"] : [])];
  const rightRole = required ?? "editor";
  return [
    { label: "a guest", person: () => null, expect: "sign-in" },
    { label: "a team member", person: () => people.member!, expect: "forbidden" },
    { label: "a driver", person: () => people.driver!, expect: "forbidden" },
    ...wrongStaff.map((key): Visitor => ({ label: `staff with ${key} only`, person: () => people[key]!, expect: "forbidden" })),
    { label: `staff with ${rightRole} but no two-factor`, person: () => people[`${rightRole}-no-2fa`]!, expect: "two-factor" },
  ];
}

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

async function moduleOf(route: AdminRoute): Promise<RouteModule> {
  return (await import(`../../app/${route.file}`)) as RouteModule;
}

describe("the admin routes found in app/routes.ts", () => {
  it("include the shell and its screens", () => {
    expect(adminRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/people",
        "/admin/activity",
        "/admin/drivers",
        "/admin/drivers/dummy-1",
        "/admin/team",
        "/admin/team/dummy-1",
        "/admin/female-side",
        "/admin/female-side/dummy-1",
      ]),
    );
  });
});

describe.each(adminRoutes)("$pattern ($file)", (route) => {
  it.each(visitorsFor(route))("turns $label away from GET and POST, before any data", async (visitor) => {
    const module = await moduleOf(route);
    expect(module.loader ?? module.action, "an admin route with neither loader nor action").toBeDefined();
    const person = visitor.person();
    const cookie: Record<string, string> = person ? { cookie: person.jar.header() } : {};
    const calls = [
      module.loader &&
        (() =>
          module.loader!(
            routeArgs({
              request: get(`${route.url}?q=probe`, cookie),
              context: routerContextFor(requestContext(suite.db, auth)),
              params: route.params,
            }),
          )),
      module.action &&
        (() =>
          module.action!(
            routeArgs({
              request: formPost(route.url, { intent: "probe", id: "dummy-1", version: "1" }, cookie),
              context: routerContextFor(requestContext(suite.db, auth)),
              params: route.params,
            }),
          )),
    ].filter(Boolean) as Array<() => unknown>;
    for (const call of calls) {
      const outcome = await run(call);
      if (visitor.expect === "sign-in") {
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      } else if (visitor.expect === "two-factor") {
        expect(outcome.status).toBe(302);
        expect(outcome.location).toBe(STAFF_TWO_FACTOR_PATH);
      } else {
        expect(outcome.status).toBe(403);
        expect(outcome.data).toEqual({ message: NOT_STAFF_MESSAGE });
      }
      expect(outcome.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("lets the role its area names in (so the walk above tests the right roles)", async () => {
    const module = await moduleOf(route);
    if (!module.loader) return;
    const required = requiredStaffRoleFor(route.url) ?? "editor";
    const outcome = await run(() =>
      module.loader!(
        routeArgs({
          request: get(route.url, { cookie: people[required]!.jar.header() }),
          context: routerContextFor(requestContext(suite.db, auth)),
          params: route.params,
        }),
      ),
    );
    // Dummy params may name nothing (404); what matters is that the role check let them through.
    expect([200, 404], `GET ${route.url} as ${required}: register the area in app/features/admin/areas.ts`).toContain(outcome.status);
  });
});
