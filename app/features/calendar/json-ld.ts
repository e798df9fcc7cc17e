import type { TimedRound } from "~/lib/race-time";

export interface EventRound extends TimedRound {
  id: string;
  seasonYear: number;
  roundNumber: number;
  name: string;
  circuit: string;
  /** "Locality, Region", as the calendar prints it. */
  location: string;
  organizer: string;
  layoutImage: string;
}

function postalAddress(location: string) {
  const [locality, ...region] = location.split(",").map((part) => part.trim());
  return {
    "@type": "PostalAddress",
    addressLocality: locality,
    ...(region.length > 0 ? { addressRegion: region.join(", ") } : {}),
    addressCountry: "GB",
  };
}

/**
 * The organising clubs' sites, by the name the calendar gives them (fictional addresses, like the
 * circuits'): a nested organisation carries a `url`, so search engines can tell which club it is.
 */
export const ORGANISER_URLS: Readonly<Record<string, string>> = {
  BARC: "https://barc.example/",
  MSVR: "https://msvr.example/",
  CCRC: "https://ccrc.example/",
  HSCC: "https://hscc.example/",
};

/** schema.org SportsEvent data for each round, for search engines. */
export function roundEventsJsonLd(rounds: readonly EventRound[], { publicUrl }: { publicUrl: string }) {
  const calendarUrl = `${publicUrl}/calendar`;
  return {
    "@context": "https://schema.org",
    "@graph": rounds.map((round) => ({
      "@type": "SportsEvent",
      "@id": `${calendarUrl}#${round.id}`,
      name: `${round.name} (Round ${round.roundNumber}, ${round.seasonYear})`,
      sport: "Motorsport",
      startDate: round.startsAt,
      endDate: round.endsAt,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      url: `${calendarUrl}?round=${encodeURIComponent(round.id)}`,
      image: `${publicUrl}${round.layoutImage}`,
      location: { "@type": "Place", name: round.circuit, address: postalAddress(round.location) },
      organizer: {
        "@type": "Organization",
        name: round.organizer,
        ...(ORGANISER_URLS[round.organizer] && { url: ORGANISER_URLS[round.organizer] }),
      },
    })),
  };
}
