/**
 * The brand, in one place. The contact details, socials, office hours and the Join The Team
 * link here are the seeded defaults of the site settings staff edit at /admin/settings: pages
 * read those through getSiteSettings() (app/features/settings/site-settings.server.ts).
 */
export const brand = {
  name: "Ridgeway Racing",
  shortName: "Ridgeway",
  tagline:
    "A British junior single-seater team racing F3A, F3B and FF1600, and opening the paddock to the next generation of women drivers.",
  email: "info@ridgeway-racing.example",
  phone: "+44 1632 960 123",
  headquarters: "Wiltshire, England, UK",
  cartStorageKey: "ridgeway-racing-cart",
  promoCode: "RIDGEWAY10",
  joinTheTeamUrl: "https://forms.ridgeway-racing.example/join-the-team",
  officeHours: [
    { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
    { days: "Saturday - Sunday", hours: "Race weekends only" },
  ],
  podcast: {
    name: "Sector 1 Motorsport Podcast",
    youtubeUrl: "https://video.example/@sector1podcast",
    spotifyUrl: "https://audio.example/show/sector1podcast",
  },
  socials: [
    { name: "Instagram", url: "https://instagram.example/ridgewayracing" },
    { name: "TikTok", url: "https://tiktok.example/@ridgewayracing" },
    { name: "Facebook", url: "https://facebook.example/ridgewayracing" },
    { name: "Twitter", url: "https://twitter.example/ridgewayracing" },
    { name: "YouTube", url: "https://youtube.example/@ridgewayracing" },
    { name: "LinkedIn", url: "https://linkedin.example/company/ridgeway-racing" },
  ],
} as const;

export type SocialNetwork = (typeof brand.socials)[number]["name"];

export function pageTitle(page?: string): string {
  return page ? `${page} | ${brand.name}` : `${brand.name} | International Motorsport Team`;
}
