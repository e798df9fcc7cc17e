import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/team";
import { brand } from "~/brand";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { DriverCarousel } from "~/features/team/driver-carousel";
import { DRIVER_PARAM } from "~/features/team/driver-param";
import { getDriverCarousel } from "~/features/team/drivers.server";
import { MEMBER_PARAM, MemberShowcase } from "~/features/team/member-showcase";
import { femaleSideTile, getFemaleSideMembers, getTeamMembersInGroup, teamMemberTile } from "~/features/team/members.server";
import { SitePicture } from "~/components/site-picture";
import { PORTRAIT_SIZE } from "~/features/team/portrait";
import { useSelection } from "~/features/team/use-selection";
import { JsonLd } from "~/components/json-ld";
import { sportsTeamJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/lib/meta";
import { driverShareCard, shareCardImage } from "~/features/share-cards/cards.server";
import { appContext } from "~/context";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const [leadership, maleSide, femaleSide, driverCarousel] = await Promise.all([
    getTeamMembersInGroup(context.db, "leadership"),
    getTeamMembersInGroup(context.db, "male-side"),
    getFemaleSideMembers(context.db),
    getDriverCarousel(context.db, url.searchParams.get(DRIVER_PARAM)),
  ]);
  const openDriverCard = driverCarousel.drivers.find((driver) => driver.id === driverCarousel.openDriver?.id);
  return {
    leadership: leadership.map(({ id, name, role, department, image, photo, bio }) => ({ id, name, role, department, image, photo, bio })),
    driverCarousel,
    maleSide: maleSide.map(teamMemberTile),
    femaleSide: femaleSide.map(femaleSideTile),
    // /team?driver=<id> is the driver's page: its link preview is the driver's card.
    publicUrl: context.publicUrl,
    shareCard: openDriverCard ? await shareCardImage(context.db, driverShareCard(openDriverCard, driverCarousel.seasonYear)) : null,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description: `Meet the leadership, drivers and crew of ${brand.name}, and the women of our Female Side programme.`,
    image: args.loaderData?.shareCard ?? undefined,
    path: args.loaderData?.driverCarousel.openDriver
      ? `/team?${DRIVER_PARAM}=${encodeURIComponent(args.loaderData.driverCarousel.openDriver.id)}`
      : undefined,
  });

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { leadership, driverCarousel, maleSide, femaleSide, publicUrl } = loaderData;
  // One open member card across the Male Side and Female Side.
  const [selectedMember, toggleMember] = useSelection(MEMBER_PARAM);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <JsonLd
        data={
          import.meta.env.SSR
            ? sportsTeamJsonLd(publicUrl, {
                drivers: driverCarousel.drivers.map((driver) => ({
                  name: driver.name,
                  role: driver.role,
                  path: `/team?${DRIVER_PARAM}=${encodeURIComponent(driver.id)}`,
                })),
                staff: leadership.map((member) => ({ name: member.name, role: member.role, path: `/team/${member.id}` })),
              })
            : null
        }
      />
      <LinkButton to="/" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to Home
      </LinkButton>
      <SectionHeading
        level={1}
        eyebrow="The people behind the cars"
        title="Our Team"
        description="Engineers, mechanics, organisers and drivers: everyone who puts Ridgeway Racing on the grid at every round."
      />

      <TeamSection id="team-leadership" title="Team Leadership">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {leadership.map((member) => (
            <li key={member.id}>
              <LeadershipCard member={member} />
            </li>
          ))}
        </ul>
      </TeamSection>

      <TeamSection
        id="our-drivers"
        title="Our Drivers"
        description={`Pick a driver for their story and ${driverCarousel.seasonYear} season. Drag, swipe or use the arrows to see everyone.`}
      >
        <DriverCarousel id="driver-detail" {...driverCarousel} collapseStatsOnMobile={false} showCareer />
      </TeamSection>

      <TeamSection id="male-side" title="The Male Side" description="The crew who build, run and move the cars.">
        <MemberShowcase id="male-side-member" members={maleSide} selectedKey={selectedMember} onToggle={toggleMember} />
      </TeamSection>

      <TeamSection
        id="female-side"
        title="The Female Side"
        description="Our programme opening the paddock to young women, on track and behind the scenes."
      >
        <MemberShowcase
          id="female-side-member"
          members={femaleSide}
          selectedKey={selectedMember}
          onToggle={toggleMember}
          firstTileIndex={maleSide.length}
        />
        <LinkButton to="/female-side" variant="secondary" className="mt-6">
          Discover the Female Side
        </LinkButton>
      </TeamSection>
    </div>
  );
}

function TeamSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-16">
      <SectionHeading id={headingId} title={title} description={description} />
      {children}
    </section>
  );
}

type LeadershipMember = Route.ComponentProps["loaderData"]["leadership"][number];

function LeadershipCard({ member }: { member: LeadershipMember }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-colors hover:border-muted has-focus-visible:ring-3 has-focus-visible:ring-accent-text">
      <SitePicture
        photo={member.photo}
        src={member.image}
        alt=""
        decorative
        width={PORTRAIT_SIZE.width}
        height={PORTRAIT_SIZE.height}
        sizes="(min-width: 64rem) 25vw, (min-width: 40rem) 50vw, 100vw"
        className="aspect-[4/3] w-full bg-surface-raised object-cover object-top sm:aspect-square"
      />
      <div className="flex flex-1 flex-col p-5">
        <Badge tone="accent" className="self-start">
          {member.department}
        </Badge>
        <h3 className="mt-3 text-2xl font-bold uppercase">
          <Link to={`/team/${member.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {member.name}
          </Link>
        </h3>
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">{member.role}</p>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{member.bio}</p>
        <p aria-hidden="true" className="mt-4 text-sm font-semibold uppercase tracking-wide group-hover:text-accent-text">
          View Profile →
        </p>
      </div>
    </article>
  );
}
