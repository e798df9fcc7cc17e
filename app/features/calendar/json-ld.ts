import { roundEndsAt, roundStartsAt, type RoundDates } from "~/lib/race-time";

export interface EventRound extends RoundDates {
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
      startDate: roundStartsAt(round).toISOString(),
      endDate: roundEndsAt(round).toISOString(),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      url: calendarUrl,
      image: `${publicUrl}${round.layoutImage}`,
      location: { "@type": "Place", name: round.circuit, address: postalAddress(round.location) },
      organizer: { "@type": "Organization", name: round.organizer },
    })),
  };
}

