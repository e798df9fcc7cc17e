import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { partnerReportLinks } from "../../../db/schema";
import type { Tx } from "~/features/admin/audit.server";
import { partnerReport, type PartnerReport } from "./report.server";

/*
 * A partner's report link (ADR 0131): /partner-report/<token>, no account. Only the token's
 * SHA-256 is stored, so a copy of the database opens no report; a link ends on its expiry date or
 * when staff revoke it, and then answers 410 with a page that says which.
 */

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createReportLink(tx: Tx | Database, partnerId: string, expiresAt: Date, createdBy: string | null) {
  const token = randomBytes(24).toString("base64url");
  const id = randomUUID();
  await tx.insert(partnerReportLinks).values({ id, partnerId, tokenHash: hashToken(token), expiresAt, createdBy });
  return { id, token };
}

export type LinkState = { state: "open"; partnerId: string; expiresAt: Date } | { state: "revoked" | "expired" } | { state: "unknown" };

export async function resolveReportLink(db: Database, token: string, now = new Date()): Promise<LinkState> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  const [link] = await db
    .select()
    .from(partnerReportLinks)
    .where(eq(partnerReportLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link) return { state: "unknown" };
  if (link.revokedAt) return { state: "revoked" };
  if (link.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
  return { state: "open", partnerId: link.partnerId, expiresAt: link.expiresAt };
}

/** A report's answers (page, CSV, PDF) are for the link's holder only: never cached, indexed or referred. */
export const REPORT_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

/**
 * The report behind a link, for the downloads (CSV, PDF): the report, or the plain-text answer
 * that says the link is not known (404), or revoked or expired (410).
 */
export async function reportForDownload(db: Database, token: string): Promise<{ report: PartnerReport } | { refusal: Response }> {
  const link = await resolveReportLink(db, token);
  if (link.state !== "open")
    return {
      refusal: new Response(`This report link is ${link.state === "unknown" ? "not known" : link.state}.\n`, {
        status: link.state === "unknown" ? 404 : 410,
        headers: { ...REPORT_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
      }),
    };
  const report = await partnerReport(db, link.partnerId);
  return report ? { report } : { refusal: new Response("No report.\n", { status: 404, headers: REPORT_HEADERS }) };
}

export async function listReportLinks(db: Database, partnerId: string) {
  return db
    .select({
      id: partnerReportLinks.id,
      createdAt: partnerReportLinks.createdAt,
      expiresAt: partnerReportLinks.expiresAt,
      revokedAt: partnerReportLinks.revokedAt,
    })
    .from(partnerReportLinks)
    .where(eq(partnerReportLinks.partnerId, partnerId))
    .orderBy(desc(partnerReportLinks.createdAt))
    .limit(20);
}

export async function revokeReportLink(tx: Tx, partnerId: string, linkId: string, now = new Date()) {
  return tx
    .update(partnerReportLinks)
    .set({ revokedAt: now })
    .where(and(eq(partnerReportLinks.id, linkId), eq(partnerReportLinks.partnerId, partnerId), isNull(partnerReportLinks.revokedAt)))
    .returning({ id: partnerReportLinks.id });
}
