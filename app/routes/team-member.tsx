import { data } from "react-router";
import type { Route } from "./+types/team-member";
import { brand } from "~/brand";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { getTeamMember } from "~/features/team/members.server";
import { SitePicture } from "~/components/site-picture";
import { PORTRAIT_SIZE } from "~/features/team/portrait";
import { firstName, splitParagraphs } from "~/features/team/text";
import { JsonLd } from "~/components/json-ld";
import { breadcrumbJsonLd, personJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/lib/meta";
import { memberShareCard, shareCardImage } from "~/features/share-cards/cards.server";
import { appContext } from "~/context";

const NOT_FOUND_TEXT = "Team member not found";

export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const member = /^\d{1,9}$/.test(params.memberId) ? await getTeamMember(context.db, Number(params.memberId)) : null;
  if (!member) return data({ member: null, shareCard: null }, { status: 404 });
  return { member, shareCard: await shareCardImage(context.db, memberShareCard(member)), publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.loaderData;
  const member = loaderData?.member;
  if (!member)
    return pageMeta(args, { path: null, title: NOT_FOUND_TEXT, description: `No one on the ${brand.name} team has that profile.` });
  return pageMeta(args, {
    title: member.name,
    description: `${member.name}, ${member.role} at ${brand.name}. ${member.bio}`,
    image: loaderData.shareCard ?? undefined,
  });
};

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  const { member } = loaderData;
  if (!member || !("publicUrl" in loaderData)) return <MemberNotFound />;
  const { publicUrl } = loaderData;
  const path = `/team/${member.id}`;
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <JsonLd
        data={
          import.meta.env.SSR
            ? personJsonLd(publicUrl, { name: member.name, role: member.role, path, image: member.image, description: member.bio })
            : null
        }
      />
      <JsonLd
        data={
          import.meta.env.SSR
            ? breadcrumbJsonLd(publicUrl, [
                { name: "Our Team", path: "/team" },
                { name: member.name, path },
              ])
            : null
        }
      />
      <header className="grid items-center gap-8 md:grid-cols-[minmax(0,20rem)_1fr] md:gap-12">
        <SitePicture
          photo={member.photo}
          src={member.image}
          alt={member.name}
          width={PORTRAIT_SIZE.width}
          height={PORTRAIT_SIZE.height}
          sizes="(min-width: 48rem) 20rem, 14rem"
          fetchPriority="high"
          className="aspect-[4/5] w-40 rounded-card border border-line bg-surface-raised object-cover sm:w-56 md:w-full"
        />
        <div>
          <Badge tone="accent">{member.department}</Badge>
          <h1 className="mt-4 text-4xl font-bold uppercase sm:text-6xl">{member.name}</h1>
          <p className="mt-2 text-lg font-semibold uppercase tracking-wider text-accent-text">{member.role}</p>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{member.bio}</p>
          <blockquote className="mt-6 max-w-2xl border-l-4 border-accent pl-5 font-display text-xl italic leading-snug sm:text-2xl">
            <p>{`“${member.philosophy}”`}</p>
          </blockquote>
        </div>
      </header>

      <section aria-labelledby="about-heading" className="mt-14 max-w-3xl">
        <h2 id="about-heading" className="text-3xl font-bold uppercase">
          {`About ${firstName(member.name)}`}
        </h2>
        <div className="mt-4 space-y-4 leading-relaxed text-muted">
          {splitParagraphs(member.fullBio).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <div className="mt-12 grid gap-4 md:grid-cols-3">
        <ProfileListCard title="Specialties" items={member.specialties} />
        <ProfileListCard title="Achievements" items={member.achievements} />
        <ProfileListCard title="Career Highlights" items={member.careerHighlights} />
      </div>

      <div className="mt-12">
        <LinkButton to="/team" size="lg">
          View Full Team
        </LinkButton>
      </div>
    </article>
  );
}

function ProfileListCard({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 className="text-2xl font-bold uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm leading-relaxed text-muted">
        {items.map((item) => (
          <li key={item} className="flex gap-2.5">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold uppercase sm:text-5xl">{NOT_FOUND_TEXT}</h1>
      <p className="mt-4 text-muted">That profile doesn't exist, or the link is out of date.</p>
      <LinkButton to="/team" className="mt-8">
        Back to Team
      </LinkButton>
    </section>
  );
}
