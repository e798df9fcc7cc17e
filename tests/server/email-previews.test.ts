import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../app/features/account/auth.server";
import { NOT_STAFF_MESSAGE } from "../../app/features/admin/staff.server";
import { EMAIL_CATALOGUE } from "../../app/features/email-previews/catalogue.server";
import { loader as previewLoader } from "../../app/routes/admin/email-preview";
import { loader as listLoader } from "../../app/routes/admin/emails";
import { createTestAuth, get, requestContext, run, TEST_PUBLIC_URL } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/* The back office's e-mail previews (/admin/emails): every kind in the catalogue, for every staff member, for nobody else. */

const suite = seededTestDatabase();
let auth: Auth;
let member: TestPerson;
let editor: TestPerson;

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  member = await signUpPerson(suite.db, auth, { email: "previews-member@example.com" });
  editor = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "previews-editor@example.com" }), ["editor"]);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const as = (person: TestPerson | null, path: string, params: Record<string, string> = {}): any =>
  routeArgs({
    request: get(path, person ? { cookie: person.jar.header() } : {}),
    context: routerContextFor(requestContext(suite.db, auth)),
    params,
  });

describe("/admin/emails", () => {
  it("sends a guest to sign in and turns away someone who is not staff (403), on the list and on a preview", async () => {
    const guest = await run(() => listLoader(as(null, "/admin/emails")));
    expect(guest.status).toBe(302);
    expect(guest.location).toBe("/login?redirectTo=%2Fadmin%2Femails");
    const guestPreview = await run(() => previewLoader(as(null, "/admin/emails/order-confirmation", { kind: "order-confirmation" })));
    expect(guestPreview.status).toBe(302);
    for (const outcome of [
      await run(() => listLoader(as(member, "/admin/emails"))),
      await run(() => previewLoader(as(member, "/admin/emails/refund", { kind: "refund" }))),
    ]) {
      expect(outcome.status).toBe(403);
      expect(outcome.data).toEqual({ message: NOT_STAFF_MESSAGE });
    }
  });

  it("lists every kind in the catalogue, grouped by who receives it, for any staff member", async () => {
    const outcome = await run(() => listLoader(as(editor, "/admin/emails")));
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("cache-control")).toBe("private, no-store");
    const groups = (outcome.data as { groups: Array<{ label: string; kinds: Array<{ id: string }> }> }).groups;
    expect(groups.map((group) => group.label)).toEqual(["Customers", "Account holders", "Newsletter", "Partners", "The team"]);
    expect(groups.flatMap((group) => group.kinds.map((kind) => kind.id)).sort()).toEqual(EMAIL_CATALOGUE.map((kind) => kind.id).sort());
  });

  it.each(EMAIL_CATALOGUE.map((kind) => kind.id))(
    "previews %s with sample data: subject, HTML part with the site's address and postal address, text part",
    async (id) => {
      const outcome = await run(() => previewLoader(as(editor, `/admin/emails/${id}?width=390`, { kind: id })));
      expect(outcome.status).toBe(200);
      const preview = outcome.data as { subject: string; html: string; text: string; width: number };
      expect(preview.width).toBe(390);
      expect(preview.subject.length).toBeGreaterThan(5);
      expect(preview.html).toContain(`${TEST_PUBLIC_URL}/email/logo.png`);
      expect(preview.text).toContain("You receive this because");
    },
  );

  it("answers 404 for a kind that does not exist, and the desktop width for a width it does not offer", async () => {
    expect((await run(() => previewLoader(as(editor, "/admin/emails/nope", { kind: "nope" })))).status).toBe(404);
    const odd = await run(() => previewLoader(as(editor, "/admin/emails/refund?width=<script>", { kind: "refund" })));
    expect((odd.data as { width: number }).width).toBe(700);
  });
});
