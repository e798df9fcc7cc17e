import { randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import sharp from "sharp";
import {
  articles,
  auditEvents,
  emailOutbox,
  mediaAssets,
  newsletterIssues,
  newsletterRecipients,
  newsletterSubscribers,
} from "../../db/schema";
import type { AuditActor } from "../../app/features/admin/audit.server";
import { getServableMediaFile, saveUpload } from "../../app/features/media/media.server";
import { processUpload } from "../../app/features/media/process.server";
import { databaseMediaStorage } from "../../app/features/media/storage.server";
import type { Auth } from "../../app/features/account/auth.server";
import { requiredStaffRoleFor } from "../../app/features/admin/areas";
import { isPublicArticle } from "../../app/features/news/news.server";
import { sendDueNewsletters } from "../../app/features/newsletter/newsletter-sending.server";
import { unsubscribeFromNewsletter } from "../../app/features/newsletter/newsletter.server";
import * as issuePage from "../../app/routes/admin/newsletter-issue";
import * as listPage from "../../app/routes/admin/newsletters";
import { createTestAuth, formPost, get, requestContext, run, TEST_PUBLIC_URL } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/* The newsletter desk through its route modules: roles, bad input, test send, schedule, send (ADR 0073). */

const suite = seededTestDatabase();
let auth: Auth;
let counter = 0;
const person = async (label: string) =>
  signUpPerson(suite.db, auth, { email: `${label}-${++counter}@example.com`, name: `${label} ${counter}` });
const ctx = () => ({ ...requestContext(suite.db, auth), requestId: "req-newsletters" });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (handler: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  run(() => handler(routeArgs({ request, context: routerContextFor(ctx()), params }) as AnyArgs));
const postAs = (who: TestPerson | null, path: string, fields: Record<string, string>) =>
  formPost(path, fields, who ? { cookie: who.jar.header() } : {});
const getAs = (who: TestPerson | null, path: string) => get(path, who ? { cookie: who.jar.header() } : {});
type Answer = { tone: string; message: string; errors?: Record<string, string> };
const answer = (outcome: { data: unknown }) => outcome.data as Answer;

let editor: TestPerson;
let shop: TestPerson;
let member: TestPerson;
let admin: TestPerson;

async function addConfirmedSubscribers(emails: string[]) {
  await suite.db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      email,
      source: "footer",
      consentText: "I agree",
      consentedAt: new Date(),
      confirmedAt: new Date(),
      unsubscribeToken: randomBytes(32).toString("base64url"),
    })),
  );
}

const issueOf = async (id: string) => (await suite.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!;

async function newIssue(fields: Record<string, string> = {}): Promise<string> {
  const created = await call(
    issuePage.action,
    postAs(editor, "/admin/newsletters/new", {
      intent: "save",
      subject: "Race week",
      preheader: "All the news",
      body: "Hello.\n\nSee you there.",
      ...fields,
    }),
  );
  expect(created.status).toBe(302);
  return /\/admin\/newsletters\/([0-9a-f-]{36})\?created=1$/.exec(created.location!)![1]!;
}

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  editor = await makeStaff(suite.db, await person("editor"), ["editor"]);
  shop = await makeStaff(suite.db, await person("shop"), ["shop"]);
  admin = await makeStaff(suite.db, await person("admin"), ["admin"]);
  member = await person("member");
  // Two confirmed, one pending, one unsubscribed: only the first two receive issues.
  await addConfirmedSubscribers(["fan-one@example.com", "fan-two@example.com"]);
  await suite.db.insert(newsletterSubscribers).values([
    {
      email: "pending@example.com",
      source: "footer",
      consentText: "I agree",
      consentedAt: new Date(),
      unsubscribeToken: randomBytes(32).toString("base64url"),
    },
    {
      email: "left@example.com",
      source: "footer",
      consentText: "I agree",
      consentedAt: new Date(),
      confirmedAt: new Date(),
      unsubscribedAt: new Date(),
      unsubscribeToken: randomBytes(32).toString("base64url"),
    },
  ]);
});

describe("newsletter desk", () => {
  it("is the editors' desk: guests sign in, members and shop staff are turned away, admins may", async () => {
    expect(requiredStaffRoleFor("/admin/newsletters")).toBe("editor");
    expect(requiredStaffRoleFor("/admin/newsletters/new")).toBe("editor");
    const before = await suite.db.select().from(newsletterIssues);
    for (const [who, status] of [
      [null, 302],
      [member, 403],
      [shop, 403],
    ] as const) {
      const list = await call(listPage.loader, getAs(who, "/admin/newsletters"));
      const create = await call(issuePage.action, postAs(who, "/admin/newsletters/new", { intent: "save", subject: "Hi", body: "Hello" }));
      const fromArticle = await call(listPage.action, postAs(who, "/admin/newsletters", { intent: "from-article", articleId: "x" }));
      expect([list.status, create.status, fromArticle.status]).toEqual([status, status, status]);
    }
    expect(await suite.db.select().from(newsletterIssues)).toEqual(before);
    expect((await call(listPage.loader, getAs(admin, "/admin/newsletters"))).status).toBe(200);
  });

  it("creates a draft, audited, and lists it with the number of confirmed subscribers", async () => {
    const id = await newIssue();
    expect(await issueOf(id)).toMatchObject({ status: "draft", subject: "Race week", preheader: "All the news", version: 1 });
    const audit = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "newsletter_issue"), eq(auditEvents.entityId, id)));
    expect(audit).toMatchObject([{ action: "create", roleUsed: "editor" }]);
    const list = await call(listPage.loader, getAs(editor, "/admin/newsletters"));
    expect(list.data).toMatchObject({ confirmed: 2 });
    expect(JSON.stringify(list.data)).toContain("Race week");
  });

  it.each([
    ["an empty subject", { subject: "  " }, "subject"],
    ["a subject over 500 characters", { subject: "x".repeat(501) }, "subject"],
    ["a subject over two lines", { subject: "Race\r\nBcc: all@example.com" }, "subject"],
    ["a preview line over 200 characters", { preheader: "p".repeat(201) }, "preheader"],
    ["no text at all", { body: "  " }, "body"],
  ])("refuses %s with a message for the field, writing nothing", async (_name, fields, field) => {
    const before = await suite.db.select().from(newsletterIssues);
    const outcome = await call(
      issuePage.action,
      postAs(editor, "/admin/newsletters/new", { intent: "save", subject: "Fine", body: "Text", ...fields }),
    );
    expect(outcome.status).toBe(400);
    expect(answer(outcome).errors?.[field]).toBeTruthy();
    expect(await suite.db.select().from(newsletterIssues)).toEqual(before);
  });

  it("keeps a 500-character subject with markup, emoji and right-to-left text, and previews it escaped", async () => {
    const subject = `<img src=x onerror=alert(1)> مرحبا 🏁 ${"a".repeat(500)}`.slice(0, 500);
    const id = await newIssue({ subject, body: "<script>alert(1)</script>" });
    expect((await issueOf(id)).subject).toBe(subject);
    const page = await call(issuePage.loader, getAs(editor, `/admin/newsletters/${id}`), { issueId: id });
    const preview = (page.data as { preview: string }).preview;
    expect(preview).not.toContain("<img src=x");
    expect(preview).not.toContain("<script>");
    expect(preview).toContain("&lt;img src=x onerror=alert(1)&gt; مرحبا 🏁");
  });

  it("sends a test copy to the signed-in staff member only, without list headers, and records it", async () => {
    const id = await newIssue({ subject: "Test me" });
    const before = await suite.db.select().from(emailOutbox);
    const outcome = await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "test", to: "someone-else@example.com" }),
      { issueId: id },
    );
    expect(outcome.status).toBe(200);
    expect(answer(outcome).message).toContain(editor.email);
    const added = (await suite.db.select().from(emailOutbox)).filter((row) => !before.some((old) => old.id === row.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ toAddress: editor.email, subject: "[Test] Test me", headers: {} });
    expect(added[0]!.htmlBody).toContain("See you there.");
    expect((await issueOf(id)).status).toBe("draft");
    const audit = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "newsletter.test")));
    expect(audit).toHaveLength(1);
  });

  it("schedules in UK time, refuses the past, cancels, and the job leaves it until it is due", async () => {
    const id = await newIssue({ subject: "Scheduled issue" });
    const past = await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "schedule", version: "1", sendAt: "2020-01-01T10:00" }),
      { issueId: id },
    );
    expect(past.status).toBe(400);
    expect(answer(past).errors?.sendAt).toMatch(/future/);
    const bad = await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "schedule", version: "1", sendAt: "tomorrow" }),
      { issueId: id },
    );
    expect(bad.status).toBe(400);

    // 10:00 in July is 09:00 UTC (British Summer Time).
    const scheduled = await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "schedule", version: "1", sendAt: "2099-07-01T10:00" }),
      { issueId: id },
    );
    expect(scheduled.status).toBe(200);
    expect(await issueOf(id)).toMatchObject({ status: "scheduled", sendAt: new Date("2099-07-01T09:00:00Z"), version: 2 });
    // A scheduled issue is not edited.
    const edit = await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "save", version: "2", subject: "Changed", body: "x" }),
      { issueId: id },
    );
    expect(edit.status).toBe(400);

    expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL })).toBe(0);
    expect((await issueOf(id)).status).toBe("scheduled");

    const cancelled = await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "unschedule", version: "2" }), {
      issueId: id,
    });
    expect(cancelled.status).toBe(200);
    expect(await issueOf(id)).toMatchObject({ status: "draft", sendAt: null, version: 3 });

    // Due: the job sends it.
    await call(
      issuePage.action,
      postAs(editor, `/admin/newsletters/${id}`, { intent: "schedule", version: "3", sendAt: "2099-01-01T10:00" }),
      { issueId: id },
    );
    expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL, now: () => new Date("2099-01-01T10:00:01Z") })).toBe(2);
    expect((await issueOf(id)).status).toBe("sent");
  });

  it("sends now after a confirmation that names the number of confirmed subscribers; each gets one copy with list headers", async () => {
    const id = await newIssue({ subject: "Send now" });
    const confirm = await call(issuePage.loader, getAs(editor, `/admin/newsletters/${id}?confirm=send`), { issueId: id });
    expect(confirm.data).toMatchObject({ confirmSend: true, confirmed: 2 });

    const stale = await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "send", version: "7" }), {
      issueId: id,
    });
    expect(stale.status).toBe(409);
    const sent = await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "send", version: "1" }), {
      issueId: id,
    });
    expect(sent).toMatchObject({ status: 302, location: `/admin/newsletters/${id}` });
    expect((await issueOf(id)).status).toBe("sending");
    const again = await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "send", version: "2" }), {
      issueId: id,
    });
    expect(again.status).toBe(400);

    expect(await sendDueNewsletters(suite.db, { publicUrl: TEST_PUBLIC_URL })).toBe(2);
    const rows = await suite.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Send now"));
    expect(rows.map((row) => row.toAddress).sort()).toEqual(["fan-one@example.com", "fan-two@example.com"]);
    const [fanOne] = await suite.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "fan-one@example.com"));
    const leave = `${TEST_PUBLIC_URL}/newsletter/unsubscribe?token=${fanOne!.unsubscribeToken}`;
    const mine = rows.find((row) => row.toAddress === "fan-one@example.com")!;
    expect(mine.headers).toEqual({
      "List-Unsubscribe": `<${leave}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "<newsletter.localhost>",
    });
    expect(mine.htmlBody).toContain(`href="${leave}"`);
    expect(mine.textBody).toContain(leave);

    // The report: two queued, none sent yet; one delivered and one unsubscribes afterwards.
    await suite.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, mine.id));
    await unsubscribeFromNewsletter(suite.db, fanOne!.unsubscribeToken, new Date(Date.now() + 1000));
    const page = await call(issuePage.loader, getAs(editor, `/admin/newsletters/${id}`), { issueId: id });
    expect((page.data as { report: unknown }).report).toEqual({
      recipients: 2,
      queued: 2,
      sent: 1,
      failing: 0,
      waiting: 1,
      unsubscribedSince: 1,
    });
    expect(
      (await suite.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.issueId, id))).every((row) => row.outboxId),
    ).toBe(true);
    const audit = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), inArray(auditEvents.action, ["newsletter.send"])));
    expect(audit).toHaveLength(1);
  });

  it("makes an issue from a published article in one click, and refuses one that is not published", async () => {
    const [article] = await suite.db.select().from(articles).where(isPublicArticle()).limit(1);
    const made = await call(listPage.action, postAs(editor, "/admin/newsletters", { intent: "from-article", articleId: article!.id }));
    expect(made.status).toBe(302);
    const id = /\/admin\/newsletters\/([0-9a-f-]{36})/.exec(made.location!)![1]!;
    expect(await issueOf(id)).toMatchObject({
      subject: article!.title,
      body: article!.excerpt,
      articleId: article!.id,
      articleUrl: `${TEST_PUBLIC_URL}/news/${article!.slug}`,
      status: "draft",
    });
    // The seed's art is SVG, which mail clients do not show.
    expect((await issueOf(id)).imageUrl).toBeNull();

    const unknown = await call(
      listPage.action,
      postAs(editor, "/admin/newsletters", { intent: "from-article", articleId: "no-such-article" }),
    );
    expect(unknown.status).toBe(400);
    const [draftArticle] = await suite.db.select().from(articles).where(like(articles.status, "draft")).limit(1);
    if (draftArticle)
      expect(
        (await call(listPage.action, postAs(editor, "/admin/newsletters", { intent: "from-article", articleId: draftArticle.id }))).status,
      ).toBe(400);
    expect((await call(listPage.action, postAs(editor, "/admin/newsletters", { intent: "delete" }))).status).toBe(400);
  });

  it("sends an article's library photo as a JPEG that Outlook shows, made on the spot for a photo uploaded before uploads made one", async () => {
    const context = { db: suite.db, log: pino({ level: "silent" }), requestId: "newsletter-photo", contentChanged: async () => {} };
    const actor: AuditActor = { id: null, label: "newsletter desk test", roles: ["editor"], actingAs: "editor" };
    const storage = databaseMediaStorage(suite.db);
    const upload = async (seed: number) => {
      const photo = await sharp(randomBytes(1600 * 900 * 3), { raw: { width: 1600, height: 900, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer();
      const processed = await processUpload(Buffer.concat([photo, Buffer.from([seed])]));
      if (!processed.ok) throw new Error(processed.message);
      return (await saveUpload(context, actor, storage, processed.media, { altText: `Photo ${seed}`, caption: "", credit: "" })).asset;
    };
    const [article] = await suite.db.select().from(articles).where(isPublicArticle()).limit(1);
    const issueWith = async (assetId: string) => {
      await suite.db.update(articles).set({ heroAssetId: assetId, shareImage: null }).where(eq(articles.id, article!.id));
      const made = await call(listPage.action, postAs(editor, "/admin/newsletters", { intent: "from-article", articleId: article!.id }));
      return issueOf(/\/admin\/newsletters\/([0-9a-f-]{36})/.exec(made.location!)![1]!);
    };
    const expectJpeg = async (imageUrl: string | null) => {
      expect(imageUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/media/u/[0-9a-f]{32}-\\d+\\.jpg$`));
      const file = await getServableMediaFile(suite.db, storage, imageUrl!.split("/").pop()!);
      expect(file?.contentType).toBe("image/jpeg");
      const metadata = await sharp(file!.bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.width).toBe(1104);
    };
    try {
      const fresh = await upload(1);
      const fromFresh = await issueWith(fresh.id);
      await expectJpeg(fromFresh.imageUrl);
      expect(fromFresh.imageAlt).toBe("Photo 1");

      const older = await upload(2);
      await suite.db
        .update(mediaAssets)
        .set({ variants: older.variants.filter((variant) => variant.format !== "jpeg") })
        .where(eq(mediaAssets.id, older.id));
      await expectJpeg((await issueWith(older.id)).imageUrl);
    } finally {
      await suite.db
        .update(articles)
        .set({ heroAssetId: article!.heroAssetId, shareImage: article!.shareImage })
        .where(eq(articles.id, article!.id));
    }
  });

  it("answers 404 for an unknown issue and 400 for an unknown intent", async () => {
    expect((await call(issuePage.loader, getAs(editor, "/admin/newsletters/nope"), { issueId: "nope" })).status).toBe(404);
    expect(
      (
        await call(issuePage.loader, getAs(editor, "/admin/newsletters/00000000-0000-4000-8000-000000000000"), {
          issueId: "00000000-0000-4000-8000-000000000000",
        })
      ).status,
    ).toBe(404);
    const id = await newIssue();
    expect((await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "explode" }), { issueId: id })).status).toBe(
      400,
    );
    expect((await call(issuePage.action, postAs(editor, `/admin/newsletters/${id}`, { intent: "send" }), { issueId: id })).status).toBe(
      400,
    );
  });
});
