import { readFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import sharp from "sharp";
import type { Database } from "../../db/client.server";
import { isMediaKey } from "../../app/features/media/media";
import { getServableMediaFile } from "../../app/features/media/media.server";
import { databaseMediaStorage } from "../../app/features/media/storage.server";
import { findShareCard, shareCardHash } from "../../app/features/share-cards/cards.server";
import { CARD_LOGO_BOX, CARD_PICTURE_BOX, cardTree, type CardLogo } from "../../app/features/share-cards/layout";
import type { PartnerCounter } from "../../app/features/partners/partner-counter.server";
import { previewCrawler } from "../../app/features/partners/placements";
import { isShareCardKind, parseShareFile, shareCardPath, type ShareCard } from "../../app/features/share-cards/share-card";
import { ShareCardsBusy, type ShareCardRenderer } from "./renderer";

const IMMUTABLE = "public, max-age=31536000, immutable";

export interface ShareCardOptions {
  db: Database;
  renderer: ShareCardRenderer;
  /** Where the site's own art (/media/…) is read from: the client build, or public/ in development. */
  siteDir: string;
  now?: () => Date;
  /** Counts a card fetched by a platform's link-preview crawler for each partner on it (ADR 0145); none counted without it. */
  partnerCounter?: PartnerCounter;
}

/** sharp's crop position nearest a CSS object-position ("50% 30%"). */
export function cropPosition(focus: string): string {
  const [x = 50, y = 50] = focus.split(/\s+/).map((part) => Number.parseFloat(part));
  const horizontal = x < 34 ? "left" : x > 66 ? "right" : "";
  const vertical = y < 34 ? "top" : y > 66 ? "bottom" : "";
  return [horizontal, vertical].filter(Boolean).join(" ") || "centre";
}

/**
 * GET /share/<kind>/<slug>-<hash>.png: a page's link preview (ADR 0077). The hash names what
 * the card shows, so a file never changes and is cached for a year; an old hash (the article was
 * edited) is sent to the current file, an unknown subject is a 404.
 */
export function shareCards({ db, renderer, siteDir, now = () => new Date(), partnerCounter }: ShareCardOptions): RequestHandler {
  const storage = databaseMediaStorage(db);

  const pictureBytes = async (picture: string): Promise<Buffer | null> => {
    const upload = /^\/media\/u\/([^/]+)$/.exec(picture)?.[1];
    if (upload) return isMediaKey(upload) ? ((await getServableMediaFile(db, storage, upload))?.bytes ?? null) : null;
    if (!picture.startsWith("/media/")) return null;
    const file = path.resolve(siteDir, `.${picture}`);
    if (!file.startsWith(path.resolve(siteDir) + path.sep)) return null;
    return readFile(file).catch(() => null);
  };

  /** The picture cropped to the card's panel, as a data: URL; null when there is none or it does not decode. */
  const pictureDataUrl = async ({ picture, pictureFocus, pictureFit }: ShareCard): Promise<string | null> => {
    if (!picture) return null;
    const bytes = await pictureBytes(picture);
    if (!bytes) return null;
    try {
      const jpeg = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .resize({ ...CARD_PICTURE_BOX, fit: pictureFit, position: cropPosition(pictureFocus), background: "#0b0d10" })
        .flatten({ background: "#0b0d10" })
        .jpeg({ quality: 86 })
        .toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
    } catch {
      return null;
    }
  };

  /** The partners' logos fitted to their box, as data: URLs; a logo that does not decode is left out. */
  const logos = async ({ partners = [] }: ShareCard): Promise<CardLogo[]> => {
    const fitted = await Promise.all(
      partners.map(async (partner) => {
        const bytes = await pictureBytes(partner.logo);
        if (!bytes) return null;
        try {
          const png = await sharp(bytes, { limitInputPixels: 50_000_000 })
            .resize({ ...CARD_LOGO_BOX, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer();
          return { name: partner.name, src: `data:image/png;base64,${png.toString("base64")}` };
        } catch {
          return null;
        }
      }),
    );
    return fitted.filter((logo) => logo !== null);
  };

  /**
   * A link preview made: a platform's crawler fetched the card (or checked its copy, 304), so
   * each partner on it counts one card fetch. Nothing about the request is kept.
   */
  const countPreview = (req: Parameters<RequestHandler>[0], card: ShareCard) => {
    if (!partnerCounter || req.method !== "GET" || !previewCrawler(req.get("user-agent"))) return;
    for (const partner of card.partners ?? []) partnerCounter.add(partner.id, "share-cards", "card-fetch");
  };

  return async (req, res, next) => {
    const kind = String(req.params.kind ?? "");
    const parsed = parseShareFile(String(req.params.file ?? ""));
    try {
      const card = parsed && isShareCardKind(kind) ? await findShareCard(db, kind, parsed.slug, now()) : null;
      if (!card || !parsed) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
        return;
      }
      const hash = shareCardHash(card);
      if (hash !== parsed.hash) {
        res.set("Cache-Control", "no-cache").redirect(302, shareCardPath(card, hash));
        return;
      }
      const etag = `"${hash}"`;
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag, "X-Content-Type-Options": "nosniff" });
      if (req.headers["if-none-match"]?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) {
        countPreview(req, card);
        res.status(304).end();
        return;
      }
      const png = await renderer.png(`${kind}-${parsed.slug}-${hash}.png`, async () =>
        cardTree(card, await pictureDataUrl(card), await logos(card)),
      );
      countPreview(req, card);
      res.type("image/png").send(png);
    } catch (error) {
      if (error instanceof ShareCardsBusy) {
        res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" }).type("text/plain").send("Busy drawing share cards");
        return;
      }
      next(error);
    }
  };
}
