import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { partnerContacts, partnerDeliverables, partnerPlacements, partners, rounds } from "../../../db/schema";
import type { AuditEntry, Tx } from "~/features/admin/audit.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { isLibraryImage, listMediaChoices } from "~/features/media/media.server";
import { listPlacements, placementExists } from "./placements.server";
import { createReportLink, listReportLinks, revokeReportLink } from "./report-links.server";
import { partnerReport } from "./report.server";

/** What the partner desk shows for one partner. */
export async function partnerDesk(db: Database, partnerId: string) {
  const [partner] = await db
    .select({ id: partners.id, name: partners.name, tier: partners.tier })
    .from(partners)
    .where(and(eq(partners.id, partnerId), isNull(partners.deletedAt)));
  if (!partner) return null;
  const [placements, linked, contact, links, roundList, report, photos] = await Promise.all([
    listPlacements(db),
    db.select({ placementId: partnerPlacements.placementId }).from(partnerPlacements).where(eq(partnerPlacements.partnerId, partnerId)),
    db.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId)),
    listReportLinks(db, partnerId),
    db
      .select({ id: rounds.id, name: rounds.name, seasonYear: rounds.seasonYear, roundNumber: rounds.roundNumber })
      .from(rounds)
      .orderBy(sql`${rounds.seasonYear} desc`, asc(rounds.roundNumber)),
    partnerReport(db, partnerId),
    listMediaChoices(db, { limit: 100 }),
  ]);
  return {
    partner,
    placements,
    linked: linked.map((row) => row.placementId),
    contactEmail: contact[0]?.email ?? "",
    lastReportMonth: contact[0]?.lastReportMonth ?? null,
    links: links.map((link) => ({
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      revokedAt: link.revokedAt?.toISOString() ?? null,
      expired: link.expiresAt.getTime() <= Date.now(),
    })),
    rounds: roundList.map((round) => ({ id: round.id, label: `${round.seasonYear} round ${round.roundNumber}: ${round.name}` })),
    report,
    photos,
  };
}

/** Sets the placements a partner is linked to, exactly the ones given. */
export async function setPartnerPlacements(tx: Tx, partnerId: string, chosen: string[]): Promise<AuditEntry[]> {
  // A form can name a placement twice (a repeated checkbox): it is linked once.
  const placementIds = [...new Set(chosen)];
  for (const id of placementIds) {
    if (!(await placementExists(tx, id))) throw new DeskInputError("placements", `There is no placement "${id}".`);
  }
  const before = (
    await tx
      .select({ placementId: partnerPlacements.placementId })
      .from(partnerPlacements)
      .where(eq(partnerPlacements.partnerId, partnerId))
  ).map((row) => row.placementId);
  await tx.delete(partnerPlacements).where(eq(partnerPlacements.partnerId, partnerId));
  if (placementIds.length > 0) await tx.insert(partnerPlacements).values(placementIds.map((placementId) => ({ partnerId, placementId })));
  return [
    {
      action: "update",
      entityType: "partner_placements",
      entityId: partnerId,
      before: { placements: before.sort() },
      after: { placements: [...placementIds].sort() },
    },
  ];
}

export async function setPartnerContact(tx: Tx, partnerId: string, email: string | null): Promise<AuditEntry[]> {
  const [before] = await tx.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
  if (email === null) await tx.delete(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
  else {
    await tx.insert(partnerContacts).values({ partnerId, email }).onConflictDoUpdate({ target: partnerContacts.partnerId, set: { email } });
  }
  return [
    {
      action: "update",
      entityType: "partner_contact",
      entityId: partnerId,
      before: before ? { email: before.email } : null,
      after: email ? { email } : null,
    },
  ];
}

export interface DeliverableInput {
  roundId: string;
  kind: string;
  promised: number;
  delivered: number;
  evidenceAssetId: string | null;
  evidenceUrl: string | null;
  note: string;
}

async function checkDeliverable(tx: Tx, input: DeliverableInput) {
  const [round] = await tx.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, input.roundId));
  if (!round) throw new DeskInputError("roundId", "Choose a race weekend.");
  if (input.evidenceAssetId && !(await isLibraryImage(tx, input.evidenceAssetId))) {
    throw new DeskInputError("evidenceAssetId", "Choose a photo from the media library.");
  }
}

export async function addDeliverable(tx: Tx, partnerId: string, input: DeliverableInput): Promise<AuditEntry[]> {
  await checkDeliverable(tx, input);
  const id = randomUUID();
  await tx.insert(partnerDeliverables).values({ id, partnerId, ...input });
  return [{ action: "create", entityType: "partner_deliverable", entityId: id, before: null, after: { partnerId, ...input } }];
}

export async function updateDeliverable(tx: Tx, partnerId: string, id: string, input: DeliverableInput): Promise<AuditEntry[]> {
  await checkDeliverable(tx, input);
  const [before] = await tx
    .select()
    .from(partnerDeliverables)
    .where(and(eq(partnerDeliverables.id, id), eq(partnerDeliverables.partnerId, partnerId)))
    .for("update");
  if (!before) throw new DeskInputError("id", "That line is no longer in the ledger.");
  await tx.update(partnerDeliverables).set(input).where(eq(partnerDeliverables.id, id));
  return [{ action: "update", entityType: "partner_deliverable", entityId: id, before, after: { ...before, ...input } }];
}

export async function deleteDeliverable(tx: Tx, partnerId: string, id: string): Promise<AuditEntry[]> {
  const [before] = await tx
    .delete(partnerDeliverables)
    .where(and(eq(partnerDeliverables.id, id), eq(partnerDeliverables.partnerId, partnerId)))
    .returning();
  if (!before) throw new DeskInputError("id", "That line is no longer in the ledger.");
  return [{ action: "delete", entityType: "partner_deliverable", entityId: id, before, after: null }];
}

export async function newReportLink(tx: Tx, partnerId: string, days: number, staffId: string) {
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const { id, token } = await createReportLink(tx, partnerId, expiresAt, staffId);
  const audit: AuditEntry[] = [
    {
      action: "create",
      entityType: "partner_report_link",
      entityId: id,
      before: null,
      after: { partnerId, expiresAt: expiresAt.toISOString() },
    },
  ];
  return { token, audit };
}

export async function withdrawReportLink(tx: Tx, partnerId: string, linkId: string): Promise<AuditEntry[]> {
  const revoked = await revokeReportLink(tx, partnerId, linkId);
  if (revoked.length === 0) throw new DeskInputError("linkId", "That link is already withdrawn.");
  return [{ action: "update", entityType: "partner_report_link", entityId: linkId, before: { revoked: false }, after: { revoked: true } }];
}
