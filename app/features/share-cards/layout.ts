import { brand } from "~/brand";
import { clampText, SHARE_CARD_SIZE, type ShareCard } from "./share-card";

/** A node of the tree Satori lays out: the shape of a React element, as plain data that crosses to a worker thread. */
export interface CardNode {
  type: string;
  props: {
    style?: Record<string, string | number>;
    src?: string;
    width?: number;
    height?: number;
    children?: CardNode | string | Array<CardNode | string>;
  };
}

/** The fonts the tree names; the drawing thread loads them (see server/share-cards/draw-worker.mjs). */
export const CARD_FONT = "Barlow Condensed";

const COLOURS = {
  ink: "#0b0d10",
  surface: "#14171c",
  line: "#2c323b",
  text: "#f4f5f7",
  muted: "#a9b0bb",
  accent: "#d7261e",
  accentText: "#ff6b5e",
} as const;

/** The picture panel on the right: its size, so the server crops the picture to exactly this. */
export const CARD_PICTURE_BOX = { width: 520, height: SHARE_CARD_SIZE.height } as const;

/** A partner's logo on the card (the site's logos are 2:1), so the server sizes each to exactly this. */
export const CARD_LOGO_BOX = { width: 144, height: 72 } as const;

/** A partner's logo ready to draw: a data: URL already fitted to CARD_LOGO_BOX. */
export interface CardLogo {
  name: string;
  src: string;
}

const TEXT_WIDTH = SHARE_CARD_SIZE.width - CARD_PICTURE_BOX.width - 56;

// Pictographs (emoji) have no glyph in the brand font; the card leaves them out rather than
// drawing empty boxes. Joiners and variation selectors go with them.
const PICTOGRAPHS = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200D|\uFE0E|\uFE0F|\u20E3/gu;

/** Card text: emoji out, whitespace collapsed, cut to `max` characters. */
export function cardText(text: string, max: number): string {
  return clampText(text.replace(PICTOGRAPHS, ""), max);
}

/** The title's size: big for a short headline, smaller so a long one still fits three lines. */
export function titleSize(title: string): number {
  if (title.length <= 24) return 88;
  if (title.length <= 48) return 72;
  if (title.length <= 80) return 60;
  return 52;
}

function node(type: string, style: Record<string, string | number>, children?: CardNode["props"]["children"]): CardNode {
  return { type, props: children === undefined ? { style } : { style, children } };
}

/** The partners' band: from the picture panel's edge leftwards far enough for three logos and the label, clear of the brand. */
const PARTNERS_BAND_WIDTH = CARD_PICTURE_BOX.width + 160;

/**
 * The partners' band along the foot of the card, right of the brand, as a race car carries its
 * partners low on the bodywork: a small "Partners" label and their logos on a dark strip that
 * fades in from the left.
 */
function partnersBand(logos: readonly CardLogo[]): CardNode {
  return node(
    "div",
    {
      display: "flex",
      alignItems: "center",
      justifyContent: "flex-end",
      position: "absolute",
      right: 0,
      bottom: 0,
      width: PARTNERS_BAND_WIDTH,
      height: CARD_LOGO_BOX.height + 40,
      backgroundImage: `linear-gradient(90deg, rgba(11,13,16,0) 0%, rgba(11,13,16,0.92) 22%, rgba(11,13,16,0.92) 100%)`,
    },
    [
      node("div", { fontSize: 22, fontWeight: 700, color: COLOURS.muted, letterSpacing: 2 }, "PARTNERS"),
      ...logos.map((logo) => ({
        type: "img",
        props: {
          src: logo.src,
          width: CARD_LOGO_BOX.width,
          height: CARD_LOGO_BOX.height,
          style: { width: CARD_LOGO_BOX.width, height: CARD_LOGO_BOX.height, marginLeft: 12, flexShrink: 0 },
        },
      })),
      node("div", { width: 28, height: 1, flexShrink: 0 }),
    ],
  );
}

/**
 * The card as a tree Satori draws: the text on the left (eyebrow, figure, title, detail), the
 * picture on the right fading into the background, the brand along the bottom, and the partners'
 * logos (when the card carries any) along the foot of the picture. `picture` is a data: URL
 * already cropped to CARD_PICTURE_BOX, or null for the brand's stripes; `logos` are fitted to
 * CARD_LOGO_BOX, in the card's partner order.
 */
export function cardTree(card: ShareCard, picture: string | null, logos: readonly CardLogo[] = []): CardNode {
  const title = cardText(card.title, 110);
  const eyebrow = cardText(card.eyebrow, 60).toUpperCase();
  const detail = cardText(card.detail, 90);
  const figure = card.figure ? { value: cardText(card.figure.value, 8), label: cardText(card.figure.label, 30).toUpperCase() } : null;
  const size = titleSize(title);
  const titleLines = figure ? 2 : 3;

  const pictureLayer: CardNode = picture
    ? node("img", {
        position: "absolute",
        right: 0,
        top: 0,
        width: CARD_PICTURE_BOX.width,
        height: CARD_PICTURE_BOX.height,
        objectFit: "cover",
      })
    : node("div", {
        position: "absolute",
        right: 0,
        top: 0,
        width: CARD_PICTURE_BOX.width,
        height: CARD_PICTURE_BOX.height,
        backgroundImage: `repeating-linear-gradient(120deg, ${COLOURS.surface} 0px, ${COLOURS.surface} 36px, ${COLOURS.ink} 36px, ${COLOURS.ink} 72px)`,
      });
  if (picture) pictureLayer.props = { ...pictureLayer.props, src: picture, width: CARD_PICTURE_BOX.width, height: CARD_PICTURE_BOX.height };

  const fade = node("div", {
    position: "absolute",
    right: CARD_PICTURE_BOX.width - 200,
    top: 0,
    width: 200,
    height: SHARE_CARD_SIZE.height,
    backgroundImage: `linear-gradient(90deg, ${COLOURS.ink} 0%, rgba(11,13,16,0) 100%)`,
  });

  const figureBlock: CardNode | null = figure
    ? node("div", { display: "flex", alignItems: "flex-end", marginTop: 8 }, [
        node("div", { fontSize: 200, fontWeight: 800, lineHeight: 0.86, color: COLOURS.accentText, letterSpacing: -4 }, figure.value),
        ...(figure.label
          ? [
              node(
                "div",
                { fontSize: 34, fontWeight: 700, color: COLOURS.muted, marginLeft: 20, marginBottom: 16, letterSpacing: 2 },
                figure.label,
              ),
            ]
          : []),
      ])
    : null;

  const text = node(
    "div",
    { display: "flex", flexDirection: "column", position: "absolute", left: 64, top: 56, width: TEXT_WIDTH, height: 440 },
    [
      node("div", { display: "flex", alignItems: "center" }, [
        node("div", { width: 40, height: 8, backgroundColor: COLOURS.accent, marginRight: 16 }),
        node("div", { fontSize: 30, fontWeight: 700, color: COLOURS.accentText, letterSpacing: 2 }, eyebrow),
      ]),
      ...(figureBlock ? [figureBlock] : []),
      node(
        "div",
        {
          display: "block",
          fontSize: size,
          fontWeight: 700,
          lineHeight: 1.02,
          color: COLOURS.text,
          marginTop: figure ? 12 : 28,
          lineClamp: titleLines,
          overflow: "hidden",
        },
        title,
      ),
      ...(detail
        ? [
            node(
              "div",
              { display: "block", fontSize: 32, fontWeight: 500, color: COLOURS.muted, marginTop: 18, lineClamp: 2, lineHeight: 1.15 },
              detail,
            ),
          ]
        : []),
    ],
  );

  const brandBar = node("div", { display: "flex", alignItems: "center", position: "absolute", left: 64, bottom: 48, width: TEXT_WIDTH }, [
    node("div", { display: "flex", width: 44, height: 44, backgroundColor: COLOURS.accent, transform: "skewX(-12deg)", marginRight: 18 }),
    node("div", { fontSize: 36, fontWeight: 800, color: COLOURS.text, letterSpacing: 3 }, brand.name.toUpperCase()),
  ]);

  return node(
    "div",
    {
      display: "flex",
      position: "relative",
      width: SHARE_CARD_SIZE.width,
      height: SHARE_CARD_SIZE.height,
      backgroundColor: COLOURS.ink,
      fontFamily: CARD_FONT,
      color: COLOURS.text,
    },
    [
      pictureLayer,
      fade,
      node("div", { position: "absolute", left: 0, top: 0, width: 12, height: SHARE_CARD_SIZE.height, backgroundColor: COLOURS.accent }),
      text,
      brandBar,
      ...(logos.length > 0 ? [partnersBand(logos)] : []),
    ],
  );
}
