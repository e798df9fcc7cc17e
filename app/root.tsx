import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { brand } from "~/brand";
import { BrandFonts } from "~/components/brand-fonts";
import { hydrateLater } from "~/components/hydrate-later";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/nonce";
import { StatusAnnouncer } from "~/components/status-announcer";
import { isSignedIn } from "~/features/account/session.server";
import { HoldInstallPrompt } from "~/features/install/hold-install-prompt";
import { InstallOffer } from "~/features/install/install-offer";
import { SpoilerFreeScript } from "~/features/spoiler-free/spoiler-free-script";
import { CartProvider } from "~/features/shop/cart/cart-context";
import { cartCookieHeader, readCartCookie } from "~/features/shop/cart/cart-cookie";
import { countItems } from "~/features/shop/cart/cart-state";
import { DEFAULT_SITE_SETTINGS } from "~/features/settings/site-settings";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { pageMeta } from "~/lib/meta";
import { PUSH_KEY_META } from "~/features/push/push-state";
import { markHydrated } from "~/lib/paint-first";
import type { BACK_OFFICE_STYLESHEET } from "~/lib/stylesheet-handle";
import backOfficeStylesheetUrl from "./admin.css?url";
import stylesheetUrl from "./app.css?url";
import { appContext } from "~/context";

// The footer, the error pages and the helpers that act only once someone interacts hydrate after
// the rest of the page, with their own scripts (ADR 0093).
const Footer = hydrateLater(() => import("~/components/layout/footer").then((m) => m.Footer));
const FocusFallback = hydrateLater(() => import("~/components/focus-fallback").then((m) => m.FocusFallback));
const RouteAnnouncer = hydrateLater(() => import("~/components/route-announcer").then((m) => m.RouteAnnouncer));
const NotFound = hydrateLater(() => import("~/components/not-found").then((m) => m.NotFound));
const SomethingWentWrong = hydrateLater(() => import("~/components/not-found").then((m) => m.SomethingWentWrong));

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const [signedIn, settings] = await Promise.all([isSignedIn(request, context), getSiteSettings(context)]);
  // The cart kept in a cookie without JavaScript (ADR 0016): its count for the header badge.
  const cookieCart = readCartCookie(request.headers.get("Cookie"));
  const body = {
    publicUrl: context.publicUrl,
    year: new Date().getFullYear(),
    // Only what the header shows, the same for every signed-in visitor (ADR 0090); pages that need
    // to know who it is ask for it themselves.
    signedIn,
    cookieCartCount: cookieCart.kind === "cart" ? countItems(cookieCart.cart.lines) : 0,
    testPayments: context.testPaymentsBanner,
    // The header's and footer's part of the site settings.
    site: { joinTheTeamUrl: settings.joinTheTeamUrl, email: settings.email, socials: settings.socials },
    // Which page this is, as a route pattern, and how often its browser reports (ADR 0089).
    vitals: { page: context.vitals.routePattern(url.pathname), sampleRate: context.vitals.sampleRate },
    // The key browsers subscribe to pushes with (ADR 0137): the same for everyone.
    pushPublicKey: context.push?.publicKey ?? null,
  };
  if (cookieCart.kind !== "invalid") return body;
  // A cart cookie this site did not write is dropped, not trusted and not an error.
  return data(body, { headers: { "Set-Cookie": cartCookieHeader(null, { secure: context.publicUrl.startsWith("https:") }) } });
}

const NO_SCRIPT_CSS =
  ".needs-js{display:none}" + 'header[data-solid="false"]{background-color:var(--color-ink);border-bottom:1px solid var(--color-line)}';

export function Layout({ children }: { children: React.ReactNode }) {
  useEffect(markHydrated, []);
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // The back office adds its stylesheet, a superset of the public one, after it (ADR 0080).
  const backOffice = useMatches().some(
    (match) => (match.handle as typeof BACK_OFFICE_STYLESHEET | undefined)?.stylesheet === "back-office",
  );
  return (
    <html lang="en-GB" data-vitals-page={data?.vitals.page} data-vitals-sample-rate={data?.vitals.sampleRate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0d10" />
        {data?.pushPublicKey ? <meta name={PUSH_KEY_META} content={data.pushPublicKey} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installing the site (ADR 0140): the manifest, and what iOS reads instead of parts of it. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta name="apple-mobile-web-app-title" content={brand.shortName} />
        <meta name="apple-mobile-web-app-status-bar-style" content="black" />
        {/*
          With a precedence, React puts the stylesheet at the top of <head>, ahead of the script
          preloads: it is what the first paint waits for, so it must not queue behind them.
        */}
        <link rel="stylesheet" href={stylesheetUrl} precedence="default" />
        {backOffice ? <link rel="stylesheet" href={backOfficeStylesheetUrl} precedence="back-office" /> : null}
        <BrandFonts nonce={nonce} />
        <Meta />
        {/* After the title and meta tags, before anything in <body>: it hides a spoiler-free fan's results before they are painted. */}
        <SpoilerFreeScript nonce={nonce} />
        <Links />
        {/*
          Without JavaScript: text that only makes sense while it loads ("Loading your cart...") stays
          hidden, and the header, which turns solid on scroll with JavaScript, is solid from the start.
        */}
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-accent px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <StatusAnnouncer>
          <CartProvider>
            <Header
              signedIn={data?.signedIn ?? false}
              cookieCartCount={data?.cookieCartCount ?? 0}
              joinTheTeamUrl={data?.site.joinTheTeamUrl ?? DEFAULT_SITE_SETTINGS.joinTheTeamUrl}
            />
            <main id="main" className="flex-1 pt-(--header-height)">
              {data?.testPayments && <TestPaymentsBanner />}
              {children}
            </main>
          </CartProvider>
          {/*
            Outside the cart's provider: a part that has not hydrated yet is thrown away and drawn
            again by the browser when a context above it changes outside a transition (an early
            tap on Add to cart), and the footer has no use for the cart (ADR 0095).
          */}
          <Footer year={data?.year ?? new Date().getFullYear()} contact={data?.site ?? DEFAULT_SITE_SETTINGS} />
          <FocusFallback />
          <RouteAnnouncer />
          <InstallOffer />
        </StatusAnnouncer>
        <HoldInstallPrompt nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** PAYMENTS=test: the checkout takes Stripe's test cards on the site's own page; no money moves. */
function TestPaymentsBanner() {
  return (
    <p role="note" className="bg-warning px-4 py-2 text-center text-sm font-semibold text-ink">
      Test shop: payments are not real. No card is charged and no order will be sent.
    </p>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`Page Not Found | ${brand.name}`}</title>
        <NotFound />
      </>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      <title>{`Something went wrong | ${brand.name}`}</title>
      <SomethingWentWrong status={status} />
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { description: `${brand.name}: British junior single-seater motorsport team.` });
