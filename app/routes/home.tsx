import type { Route } from "./+types/home";
import { brand } from "~/brand";
import { Card } from "~/components/ui/card";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    description: `${brand.name} races F3A, F3B and FF1600 at UK circuits and runs a programme for women drivers. News, race calendar, team and store.`,
  });

const classes = [
  { name: "F3A", text: "Our lead single-seater programme, racing on the UK's national circuits." },
  { name: "F3B", text: "The step up for young drivers, and home to our Female Side ambassador." },
  { name: "FF1600", text: "Formula Ford 1600: where careers start and racecraft is learned." },
];

export default function Home() {
  return (
    <>
      <section className="bg-[radial-gradient(ellipse_at_top,var(--color-surface-raised),var(--color-ink)_70%)]">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28">
          <SectionHeading
            level={1}
            eyebrow="British junior single-seaters"
            title={brand.name}
            description={brand.tagline}
          />
          <div className="flex flex-wrap gap-3">
            <LinkButton to="/calendar" size="lg">
              Race Calendar
            </LinkButton>
            <LinkButton to="/store" size="lg" variant="secondary">
              Team Store
            </LinkButton>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="classes-heading">
        <SectionHeading id="classes-heading" eyebrow="Where we race" title="Three classes, one team" />
        <ul className="grid gap-4 md:grid-cols-3">
          {classes.map((racingClass) => (
            <li key={racingClass.name}>
              <Card className="h-full">
                <h3 className="text-2xl font-bold">{racingClass.name}</h3>
                <p className="mt-2 text-muted">{racingClass.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
