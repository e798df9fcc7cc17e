import { describe, expect, it } from "vitest";
import { withInstants } from "~/lib/race-time";
import { roundEventsJsonLd, type EventRound } from "./json-ld";

const anglesey: EventRound = withInstants({
  id: "2025-r2-anglesey",
  seasonYear: 2025,
  roundNumber: 2,
  name: "Anglesey Coastal",
  circuit: "Anglesey Circuit (Coastal)",
  location: "Ty Croes, Anglesey",
  organizer: "BARC",
  startDate: "2025-05-10",
  endDate: "2025-05-11",
  layoutImage: "/media/circuits/anglesey.svg",
});

describe("roundEventsJsonLd", () => {
  it("describes each round as a SportsEvent with UK times as instants", () => {
    const data = roundEventsJsonLd([anglesey], { publicUrl: "https://ridgeway-racing.example" });
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@graph"]).toEqual([
      expect.objectContaining({
        "@type": "SportsEvent",
        name: "Anglesey Coastal (Round 2, 2025)",
        startDate: "2025-05-10T08:00:00.000Z",
        endDate: "2025-05-11T17:00:00.000Z",
        url: "https://ridgeway-racing.example/calendar?round=2025-r2-anglesey",
        eventStatus: "https://schema.org/EventScheduled",
        image: "https://ridgeway-racing.example/media/circuits/anglesey.svg",
        location: {
          "@type": "Place",
          name: "Anglesey Circuit (Coastal)",
          address: { "@type": "PostalAddress", addressLocality: "Ty Croes", addressRegion: "Anglesey", addressCountry: "GB" },
        },
        organizer: { "@type": "Organization", name: "BARC", url: "https://barc.example/" },
      }),
    ]);
  });
});
