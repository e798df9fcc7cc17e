import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import NewsletterPage from "~/routes/newsletter";
import { parseSubscribeForm } from "./newsletter-schema";
import { newsletterSourceLabel } from "~/features/inbox/subscriber-source";

describe("the /newsletter page's form", () => {
  it("records its sign-ups as made on the newsletter page, not the footer", () => {
    const Stub = createRoutesStub([{ path: "/newsletter", Component: NewsletterPage as never }]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/newsletter"]} />);
    const source = /<input type="hidden" name="source" value="([^"]+)"/.exec(html)?.[1];
    expect(source).toBe("newsletter-page");
    const form = new FormData();
    for (const [name, value] of Object.entries({ email: "fan@example.com", consent: "yes", source: source! })) form.set(name, value);
    expect(parseSubscribeForm(form)).toMatchObject({ ok: true, value: { source: "newsletter-page" } });
  });
});

describe("newsletterSourceLabel", () => {
  it("names each place a sign-up was made", () => {
    expect(newsletterSourceLabel("newsletter-page")).toBe("newsletter page");
    expect(newsletterSourceLabel("footer")).toBe("footer form");
    expect(newsletterSourceLabel("store")).toBe("store form");
  });
});
