import { LinkButton } from "~/components/ui/link-button";
import type { ArticleAuthor } from "./news-author";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => /^\p{Lu}/u.test(part))
    .map((part) => part[0])
    .slice(0, 2)
    .join("");
}

export function AuthorBlock({ author }: { author: ArticleAuthor }) {
  return (
    <div className="flex items-center gap-4 border-y border-line py-5">
      {author.image ? (
        <img src={author.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-surface-raised font-display text-xl font-bold text-accent-text"
        >
          {initials(author.name)}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Written by</p>
        <p className="font-semibold text-text">{author.name}</p>
        {author.title && <p className="text-sm text-muted">{author.title}</p>}
        {author.linkedin && (
          <a
            href={author.linkedin}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block text-sm font-semibold text-accent-text hover:underline"
          >
            LinkedIn<span className="sr-only"> profile of {author.name} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}

interface PodcastLinks {
  youtube: string | null;
  spotify: string | null;
}

export function PodcastLinksPanel({ links }: { links: PodcastLinks }) {
  return (
    <aside aria-labelledby="podcast-links-heading" className="mt-12 rounded-card border border-line bg-surface p-6 sm:p-8">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Sector 1 Motorsport Podcast</p>
      <h2 id="podcast-links-heading" className="mt-2 text-3xl font-bold uppercase">
        Listen to the Full Interview
      </h2>
      <div className="mt-6 flex flex-wrap gap-3">
        {links.youtube && (
          <LinkButton to={links.youtube}>
            Watch on YouTube<span className="sr-only"> (opens in a new tab)</span>
          </LinkButton>
        )}
        {links.spotify && (
          <LinkButton to={links.spotify} variant="secondary">
            Listen on Spotify<span className="sr-only"> (opens in a new tab)</span>
          </LinkButton>
        )}
      </div>
    </aside>
  );
}
