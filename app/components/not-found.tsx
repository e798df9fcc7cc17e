import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { LinkButton } from "~/components/ui/link-button";
import { notFoundQuickLinks } from "~/components/layout/navigation";

export function NotFound() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="font-display text-8xl font-bold text-accent-text sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-bold uppercase sm:text-5xl">Page Not Found</h1>
      <p className="mt-4 max-w-xl text-muted">
        Looks like this page has spun off the track. The page you were looking for doesn't exist or has been moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to="/">Go Home</LinkButton>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
      <nav aria-label="Popular pages" className="mt-12 w-full">
        <h2 className="text-sm font-semibold uppercase tracking-[0.2em] text-muted">Popular pages</h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {notFoundQuickLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-accent-text hover:text-accent-text"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Any other error: a 5xx, or a request the site could not handle. */
export function SomethingWentWrong({ status }: { status: number }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold uppercase">Something went wrong</h1>
      <p className="mt-4 text-muted">
        {status >= 500 ? "We hit a problem showing this page. Please try again in a moment." : "We couldn't handle that request."}
      </p>
      <div className="mt-8">
        <LinkButton to="/">Go Home</LinkButton>
      </div>
    </section>
  );
}
