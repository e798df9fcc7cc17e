import { describe, expect, it } from "vitest";
import { cardText, cardTree, titleSize, type CardNode } from "./layout";
import {
  articleCard,
  bestFinish,
  clampText,
  parseShareFile,
  roundCard,
  seasonCard,
  shareCardPath,
  weekendDates,
  type RoundForCard,
} from "./share-card";

const round: RoundForCard = {
  id: "2025-r7-snetterton",
  seasonYear: 2025,
  roundNumber: 7,
  name: "Snetterton Summer Sprint",
  circuit: "Snetterton",
  startDate: "2025-08-16",
  endDate: "2025-08-17",
  layoutImage: "/media/circuits/snetterton.svg",
  results: [
    {
      driverName: "Sophie Marsh",
      driverNumber: 12,
      racingClass: "F3B",
      provisional: false,
      points: 30,
      races: [
        { position: 4, points: 12 },
        { position: 2, points: 18 },
      ],
    },
    {
      driverName: "Oliver Hartley",
      driverNumber: 7,
      racingClass: "F3A",
      provisional: false,
      points: 43,
      races: [
        { position: "DNF", points: 0 },
        { position: 1, points: 25 },
        { position: 3, points: 18 },
      ],
    },
  ],
};

function texts(node: CardNode | string): string[] {
  if (typeof node === "string") return [node];
  const children = node.props.children;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(texts);
}

describe("share cards", () => {
  it("leads a raced round's card with the best finish: P1, Race 2, Snetterton", () => {
    expect(bestFinish(round)).toMatchObject({ driverName: "Oliver Hartley", position: 1, raceIndex: 1 });
    const card = roundCard(round);
    expect(card.figure).toEqual({ value: "P1", label: "Race 2" });
    expect(card.title).toBe("Oliver Hartley");
    expect(card.detail).toBe("Snetterton · #7 · F3A · 16–17 August 2025");
    expect(card.alt).toBe("P1, Race 2, Snetterton: Oliver Hartley (#7, F3A), Snetterton Summer Sprint, 16–17 August 2025.");
  });

  it("announces a round not yet raced, and a round with no classified finish", () => {
    const upcoming = roundCard({ ...round, results: [] });
    expect(upcoming.title).toBe("Snetterton Summer Sprint");
    expect(upcoming.figure).toEqual({ value: "R7", label: "Round" });
    const retired = roundCard({ ...round, results: [{ ...round.results[0]!, races: [{ position: "DNF", points: 0 }] }] });
    expect(retired.figure?.value).toBe("R7");
  });

  it("counts the season's raced rounds by the UK date", () => {
    const card = seasonCard({
      year: 2025,
      rounds: [round, { ...round, startDate: "2025-09-06", endDate: "2025-09-07", circuit: "Brands Hatch", results: [] }],
      today: "2025-08-20",
    });
    expect(card.figure).toEqual({ value: "1/2", label: "Rounds raced" });
    expect(card.detail).toBe("Next: Brands Hatch, 6–7 September 2025");
  });

  it("names the file by kind, slug and hash, and reads nothing else back", () => {
    const path = shareCardPath({ kind: "news", slug: "cadwell-win" }, "0123456789abcdef");
    expect(path).toBe("/share/news/cadwell-win-0123456789abcdef.png");
    expect(parseShareFile("cadwell-win-0123456789abcdef.png")).toEqual({ slug: "cadwell-win", hash: "0123456789abcdef" });
    for (const bad of [
      "cadwell-win.png",
      "../x-0123456789abcdef.png",
      "x-0123456789ABCDEF.png",
      "x-0123456789abcdef.svg",
      "-0123456789abcdef.png",
    ]) {
      expect(parseShareFile(bad)).toBeNull();
    }
  });

  it("cuts a 300-character title at a word, on whole graphemes, with an ellipsis", () => {
    const title = `${"Qualifying went well ".repeat(15)}`.slice(0, 300);
    const cut = clampText(title, 110);
    expect(Array.from(cut).length).toBeLessThanOrEqual(110);
    expect(cut.endsWith("well…") || cut.endsWith("Qualifying…") || cut.endsWith("went…")).toBe(true);
    expect(clampText("👩‍👩‍👧‍👦".repeat(5), 3)).toBe("👩‍👩‍👧‍👦👩‍👩‍👧‍👦…");
  });

  it("leaves emoji out of the drawn text and keeps other scripts", () => {
    expect(cardText("P1 at Snetterton 🏆🏁 🇬🇧", 100)).toBe("P1 at Snetterton");
    expect(cardText("ניצחון ראשון 🏎️", 100)).toBe("ניצחון ראשון");
  });

  it("sets a long title smaller, and the card carries the title, eyebrow and brand", () => {
    expect(titleSize("Short")).toBeGreaterThan(
      titleSize("A much longer headline that runs on and on and on and on past eighty characters"),
    );
    const card = articleCard({
      id: "cadwell",
      title: "Win at Cadwell",
      category: "Race Reports",
      publishedOn: "2025-05-04",
      picture: null,
    });
    const all = texts(cardTree(card, null));
    expect(all).toEqual(expect.arrayContaining(["Win at Cadwell", "RACE REPORTS · 4 MAY 2025", "RIDGEWAY RACING"]));
  });

  it("carries the partners' logos in a band with its label only when it has partners", () => {
    const card = articleCard({
      id: "cadwell",
      title: "Win at Cadwell",
      category: "Race Reports",
      publishedOn: "2025-05-04",
      picture: null,
    });
    const images = (node: CardNode | string): string[] => {
      if (typeof node === "string") return [];
      const children = node.props.children;
      const own = node.type === "img" && node.props.src ? [node.props.src] : [];
      return [...own, ...(children === undefined ? [] : (Array.isArray(children) ? children : [children]).flatMap(images))];
    };
    const logos = [
      { name: "Vortex Air Systems", src: "data:image/png;base64,AAAA" },
      { name: "Peak Natural Energy", src: "data:image/png;base64,BBBB" },
    ];
    const withPartners = cardTree(card, null, logos);
    expect(texts(withPartners)).toContain("PARTNERS");
    expect(images(withPartners)).toEqual(["data:image/png;base64,AAAA", "data:image/png;base64,BBBB"]);
    const without = cardTree(card, null, []);
    expect(texts(without)).not.toContain("PARTNERS");
    expect(images(without)).toEqual([]);
  });

  it("writes a weekend's dates once when they share a month", () => {
    expect(weekendDates("2025-08-16", "2025-08-17")).toBe("16–17 August 2025");
    expect(weekendDates("2025-08-31", "2025-09-01")).toBe("31 August 2025 – 1 September 2025");
    expect(weekendDates("2025-08-16", "2025-08-16")).toBe("16 August 2025");
  });
});
