import type { Partner } from "./partners.server";

/** Founded, headquarters, specialties and products: the detail behind a partner's card. */
export function PartnerFacts({ details }: { details: Partner["details"] }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold uppercase tracking-wider text-muted">Founded</dt>
        <dd className="mt-1 text-text">{details.founded}</dd>
      </div>
      <div>
        <dt className="font-semibold uppercase tracking-wider text-muted">Headquarters</dt>
        <dd className="mt-1 text-text">{details.headquarters}</dd>
      </div>
      <FactList term="Specialties" items={details.specialties} />
      <FactList term="Products" items={details.products} />
    </dl>
  );
}

function FactList({ term, items }: { term: string; items: string[] }) {
  return (
    <div>
      <dt className="font-semibold uppercase tracking-wider text-muted">{term}</dt>
      <dd className="mt-1">
        <ul className="list-disc space-y-1 pl-5 text-text marker:text-accent-text">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
