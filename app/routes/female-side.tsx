import type { Route } from "./+types/female-side";
import { brand } from "~/brand";
import { LinkButton } from "~/components/ui/link-button";
import { FemaleSideLogo } from "~/features/team/female-side-logo";
import { MEMBER_PARAM, MemberShowcase } from "~/features/team/member-showcase";
import { femaleSideTile, getFemaleSideMembers } from "~/features/team/members.server";
import { useSelection } from "~/features/team/use-selection";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const members = await getFemaleSideMembers(context.db);
  return { members: members.map(femaleSideTile) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Female Side",
    description: `Driven to Drive: the ${brand.name} Female Side programme, opening the paddock to young women on track and behind the scenes.`,
  });

export default function FemaleSidePage({ loaderData: { members } }: Route.ComponentProps) {
  const [openMember, toggleMember] = useSelection(MEMBER_PARAM);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="flex flex-col items-center text-center">
        <FemaleSideLogo className="size-28 sm:size-32" />
        <p className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">{brand.name}</p>
        <h1 className="mt-2 text-5xl font-bold uppercase sm:text-6xl">Female Side</h1>
        <p className="mt-3 font-display text-2xl font-semibold uppercase italic tracking-wide text-muted sm:text-3xl">Driven to Drive</p>
        <p className="mt-6 max-w-2xl leading-relaxed text-muted">
          Our programme for women in motorsport: a driver in the F3B championship and a crew who plan, run and tell the story of every race
          weekend. Meet the team behind it.
        </p>
      </header>

      <section aria-labelledby="female-side-team" className="mt-14">
        <h2 id="female-side-team" className="sr-only">
          The Female Side team
        </h2>
        <MemberShowcase id="female-side-member" members={members} selectedKey={openMember} onToggle={toggleMember} />
      </section>

      <div className="mt-12 flex flex-wrap justify-center gap-3">
        <LinkButton to="/team">Meet the Full Team</LinkButton>
        <LinkButton to="/contact" variant="secondary">
          Get Involved
        </LinkButton>
      </div>
    </div>
  );
}
