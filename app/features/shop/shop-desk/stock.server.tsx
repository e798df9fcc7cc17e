import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { products, productVariants, stockAdjustments } from "../../../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { staffEmailsInEffect } from "~/features/admin/staff-grants.server";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { brand } from "~/brand";
import { LowStockEmail, type LowStockLine } from "./low-stock-email";
import { negativeStockMessage, skuOf, STOCK_ENTITY } from "./product-form";
import { parseStockCsv, previewFingerprint, type KnownSku, type StockCsvParse } from "./stock-csv";

/*
 * Stock as the shop desk changes it. Every change is a delta with a reason, written with its
 * stock_adjustments row and audit row in one transaction (auditedWrite); the stock can never
 * go below zero (the size's row is locked, the change checked, and the table's CHECK holds
 * besides). A fall below a size's low-stock threshold, whoever caused it, is mailed to shop
 * staff once per crossing (sendLowStockAlerts).
 */

export type StockWriteResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

class StockRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

function actorOf(actor: AuditActor): { actorUserId: string | null; actorLabel: string } {
  return actor.id === null
    ? { actorUserId: null, actorLabel: actor.label }
    : { actorUserId: actor.id, actorLabel: `${actor.name} <${actor.email}>` };
}

async function refusing<T>(work: () => Promise<StockWriteResult<T>>): Promise<StockWriteResult<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StockRefused) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

export interface StockAdjustmentInput {
  variantId: number;
  delta: number;
  reason: string;
}

/** Adds (or, negative, takes away) units of one size, with the reason; refused if it would go below zero. */
export async function adjustStock(
  context: AuditContext & { publicUrl?: string },
  actor: AuditActor,
  input: StockAdjustmentInput,
): Promise<StockWriteResult<{ stock: number; size: string; productId: number }>> {
  const reason = input.reason.trim();
  if (!reason) return { ok: false, status: 400, message: "Give a reason for the stock change." };
  if (!Number.isInteger(input.delta) || input.delta === 0) return { ok: false, status: 400, message: "Enter a change other than 0." };
  return refusing(async () => {
    const result = await auditedWrite(context, actor, async (tx) => {
      const [variant] = await tx
        .select({
          id: productVariants.id,
          size: productVariants.size,
          stock: productVariants.stock,
          productId: productVariants.productId,
          name: products.name,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, input.variantId))
        .for("update", { of: productVariants });
      if (!variant) throw new StockRefused(404, "There is no such size.");
      const stock = variant.stock + input.delta;
      if (stock < 0) throw new StockRefused(400, negativeStockMessage(variant.size, variant.stock, input.delta));
      const audit = await recordStockChange(tx, actor, { ...variant, variantId: variant.id, delta: input.delta, reason, source: "desk" });
      await sendLowStockAlerts(tx, context.publicUrl);
      return { value: { stock, size: variant.size, productId: variant.productId }, audit };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, value: result.value };
  });
}

/** Where a stock change came from: the desk by hand, a stock file, or an order's refund or cancel. */
export type StockChangeSource = "desk" | "csv" | "order";

/**
 * The one way stock changes outside a sale: the size's stock moves by `delta` and the change is
 * logged in stock_adjustments (the size's stock history); returns the audit entry for the caller's
 * audit write. The caller has locked the size's row and read `stock` under that lock.
 */
export async function recordStockChange(
  tx: Tx,
  actor: AuditActor,
  change: {
    variantId: number;
    productId: number;
    name: string;
    size: string;
    stock: number;
    delta: number;
    reason: string;
    source: StockChangeSource;
  },
): Promise<AuditEntry> {
  const stockAfter = change.stock + change.delta;
  const updated = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${change.delta}` })
    .where(and(eq(productVariants.id, change.variantId), sql`${productVariants.stock} + ${change.delta} >= 0`))
    .returning({ stock: productVariants.stock });
  // The row is locked, so this can only fail if the caller did not lock it: refuse rather than guess.
  if (updated[0]?.stock !== stockAfter)
    throw new StockRefused(409, "The stock changed while saving; nothing was changed. Please try again.");
  await tx.insert(stockAdjustments).values({
    variantId: change.variantId,
    delta: change.delta,
    stockAfter,
    reason: change.reason,
    source: change.source,
    ...actorOf(actor),
  });
  return {
    action: "stock.adjust",
    entityType: STOCK_ENTITY,
    entityId: String(change.productId),
    entityLabel: change.name,
    before: { size: change.size, stock: change.stock },
    after: { size: change.size, stock: stockAfter },
    reason: `${change.delta > 0 ? "+" : ""}${change.delta} ${change.size}: ${change.reason}`,
  };
}

/** Every size the stock file may name, with its SKU and stock now. */
export async function listKnownSkus(db: Database | Tx): Promise<KnownSku[]> {
  const rows = await db
    .select({ variantId: productVariants.id, slug: products.slug, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(productVariants.sortOrder));
  return rows.map((row) => ({ variantId: row.variantId, sku: skuOf(row.slug, row.size), stock: row.stock }));
}

/** The dry run: what the file would change, read against the stock now; nothing is written. */
export async function previewStockCsv(db: Database, text: string): Promise<StockCsvParse> {
  return parseStockCsv(text, await listKnownSkus(db));
}

/**
 * Applies a stock file as one change: every size or none. `fingerprint` is the preview's
 * (previewFingerprint): if any size's stock moved since (a sale), nothing is applied and the
 * person is asked to preview again, so what they confirmed is what happens.
 */
export async function applyStockCsv(
  context: AuditContext & { publicUrl?: string },
  actor: AuditActor,
  input: { text: string; reason: string; fingerprint: string },
): Promise<StockWriteResult<{ changed: number }>> {
  const reason = input.reason.trim();
  if (!reason) return { ok: false, status: 400, message: "Give a reason for the stock change (e.g. “Stock-take 3 March”)." };
  return refusing(async () => {
    const result = await auditedWrite(context, actor, async (tx) => {
      // Lock every size first, in id order, so the file is read against stock that cannot move.
      await tx.execute(sql`select id from product_variants order by id for update`);
      const parsed = parseStockCsv(input.text, await listKnownSkus(tx));
      if (!parsed.ok)
        throw new StockRefused(
          400,
          parsed.problems.map((problem) => (problem.line ? `Line ${problem.line}: ` : "") + problem.message).join(" "),
        );
      if (previewFingerprint(parsed.changes) !== input.fingerprint) {
        throw new StockRefused(
          409,
          "The stock has changed since the preview (a sale, or someone else's change); nothing was changed. Preview the file again.",
        );
      }
      if (parsed.changes.length === 0)
        throw new StockRefused(400, "The file sets every size to the stock it already has: nothing to change.");
      const details = await tx
        .select({ variantId: productVariants.id, productId: products.id, name: products.name, size: productVariants.size })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          inArray(
            productVariants.id,
            parsed.changes.map((change) => change.variantId),
          ),
        );
      const audit: AuditEntry[] = [];
      for (const change of parsed.changes) {
        const detail = details.find((row) => row.variantId === change.variantId)!;
        audit.push(
          await recordStockChange(tx, actor, {
            ...detail,
            stock: change.from,
            delta: change.to - change.from,
            reason: `${reason} (stock file)`,
            source: "csv",
          }),
        );
      }
      await sendLowStockAlerts(tx, context.publicUrl);
      return { value: { changed: parsed.changes.length }, audit };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, value: result.value };
  });
}

/** Whom low-stock e-mails go to: everyone whose `shop` staff role is in effect (ADR 0100). */
export function shopStaffEmails(db: Database | Tx): Promise<string[]> {
  return staffEmailsInEffect(db, "shop");
}

export const LOW_STOCK_REASON = `You receive this because you hold the shop role in the ${brand.name} back office.`;

export async function lowStockEmail(frame: EmailFrame, to: string, lines: LowStockLine[]): Promise<OutgoingEmail> {
  const subject =
    lines.length === 1
      ? `Low stock: ${lines[0]!.productName} (${lines[0]!.size}), ${lines[0]!.stock} left`
      : `Low stock: ${lines.length} sizes`;
  return { to, subject, ...(await renderEmail(<LowStockEmail frame={frame} lines={lines} />)) };
}

/**
 * Queues one e-mail to shop staff for each size that fell below its threshold and has not been
 * mailed for that fall yet, and marks the fall as mailed, in one statement per call: run by
 * several processes at once, each fall is still mailed once (the UPDATE's row locks decide).
 * Called in the transaction of each desk stock change, and on a timer for falls caused by sales
 * (server/index.ts). Returns how many sizes were reported.
 */
export async function sendLowStockAlerts(db: Database | Tx, publicUrl = ""): Promise<number> {
  const run = async (tx: Tx | Database) => {
    const crossed = await tx
      .update(productVariants)
      .set({ lowStockAlertedAt: sql`${productVariants.lowStockSince}` })
      .where(
        sql`${productVariants.lowStockSince} is not null and ${productVariants.lowStockAlertedAt} is distinct from ${productVariants.lowStockSince}`,
      )
      .returning({
        productId: productVariants.productId,
        size: productVariants.size,
        stock: productVariants.stock,
        threshold: productVariants.lowStockThreshold,
      });
    if (crossed.length === 0) return 0;
    const names = await tx
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(products)
      .where(inArray(products.id, [...new Set(crossed.map((row) => row.productId))]));
    const recipients = await shopStaffEmails(tx);
    if (recipients.length === 0) return crossed.length;
    const lines = crossed.map((row): LowStockLine => {
      const product = names.find((name) => name.id === row.productId)!;
      return {
        productName: product.name,
        size: row.size,
        stock: row.stock,
        threshold: row.threshold,
        sku: skuOf(product.slug, row.size),
        deskUrl: `${publicUrl}/admin/products/${row.productId}`,
      };
    });
    const frame = await emailFrame(tx, publicUrl, LOW_STOCK_REASON);
    const message = await lowStockEmail(frame, recipients[0]!, lines);
    for (const to of recipients) await queueEmail(tx, { ...message, to });
    return crossed.length;
  };
  // Inside a desk change, `db` is already its transaction; on the timer, make one.
  return "rollback" in db ? run(db) : (db as Database).transaction((tx) => run(tx));
}
