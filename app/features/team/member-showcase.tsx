import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { scrollBehavior } from "~/lib/motion";
import { SitePicture } from "~/components/site-picture";
import type { PictureImage } from "~/features/media/media";
import { ClipsPauseButton } from "./clips-pause";
import { PORTRAIT_SIZE } from "./portrait";
import { splitParagraphs } from "./text";
import { toggleButtonProps } from "./use-selection";
import { VideoTile } from "./video-tile";

/** A person shown as a video tile whose detail card opens below the tiles. */
export interface ShowcaseMember {
  /** Unique across every showcase on the page. */
  key: string;
  name: string;
  role: string;
  image: string;
  /** The photo from the media library, shown instead of `image` when chosen. */
  photo: PictureImage | null;
  video: string | null;
  /** Paragraphs separated by blank lines. */
  bio: string;
  profileUrl?: string;
}

interface MemberShowcaseProps {
  /** The detail card's id: a link to the page with ?member= and this fragment lands on the open card. */
  id: string;
  members: ShowcaseMember[];
  selectedKey: string | null;
  onToggle: (key: string) => void;
  /** How many video tiles come before these on the page, so the staggered start carries on. */
  firstTileIndex?: number;
}

/** The query parameter naming the open member card. */
export const MEMBER_PARAM = "member";

/** Video tiles that each toggle one detail card; the page holds the selection (see useSelection). */
export function MemberShowcase({ id, members, selectedKey, onToggle, firstTileIndex = 0 }: MemberShowcaseProps) {
  const selected = members.find((member) => member.key === selectedKey);
  return (
    <form method="get" action={`#${id}`}>
      {members.some((member) => member.video) && (
        <div className="mb-4 flex justify-end">
          <ClipsPauseButton />
        </div>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {members.map((member, index) => (
          <li key={member.key}>
            <VideoTile
              name={member.name}
              role={member.role}
              image={member.image}
              photo={member.photo}
              video={member.video}
              index={firstTileIndex + index}
              selected={member.key === selectedKey}
              button={toggleButtonProps({
                param: MEMBER_PARAM,
                value: member.key,
                selected: member.key === selectedKey,
                controls: id,
                onToggle,
              })}
            />
          </li>
        ))}
      </ul>
      <div id={id}>{selected && <MemberDetailCard key={selected.key} member={selected} />}</div>
    </form>
  );
}

function MemberDetailCard({ member }: { member: ShowcaseMember }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();

  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: scrollBehavior(), block: "nearest" });
  }, []);

  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      className="mt-6 grid gap-6 rounded-card border border-line bg-surface p-5 sm:p-6 md:grid-cols-[minmax(0,16rem)_1fr] md:gap-8"
    >
      <SitePicture
        photo={member.photo}
        src={member.image}
        alt={member.name}
        width={PORTRAIT_SIZE.width}
        height={PORTRAIT_SIZE.height}
        sizes="(min-width: 48rem) 16rem, 14rem"
        className="aspect-[4/5] w-40 rounded-lg bg-surface-raised object-cover sm:w-56 md:w-full"
      />
      <div>
        <h3 id={headingId} className="text-3xl font-bold uppercase">
          {member.name}
        </h3>
        <p className="mt-1 text-sm font-semibold uppercase tracking-wider text-accent-text">{member.role}</p>
        <div className="mt-4 space-y-4 leading-relaxed text-muted">
          {splitParagraphs(member.bio).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {member.profileUrl && (
          <Link to={member.profileUrl} className="mt-5 inline-block font-semibold text-accent-text underline underline-offset-4">
            {`View ${member.name}'s full profile`}
          </Link>
        )}
      </div>
    </article>
  );
}
