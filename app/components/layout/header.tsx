import { memo, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { brand } from "~/brand";
import { BackIcon, CartIcon, ChequeredFlagIcon, ChevronDownIcon, CloseIcon, MenuIcon, UserIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { useCart } from "~/features/shop/cart/cart-context";
import { sectionParent } from "~/lib/section-parent";
import { mainNavigation, moreNavigation } from "./navigation";

/** The header turns solid once the page has scrolled past this many pixels. */
export const SOLID_HEADER_SCROLL_Y = 50;

/**
 * `cookieCartCount` is the count of the cart kept in a cookie without
 * JavaScript (ADR 0016), shown until the browser cart has been read.
 */
export function Header({
  signedIn,
  cookieCartCount = 0,
  joinTheTeamUrl,
}: {
  /** Whether someone is signed in; the header shows nothing more of who (ADR 0090). */
  signedIn: boolean;
  cookieCartCount?: number;
  /** From the site settings (/admin/settings). */
  joinTheTeamUrl: string;
}) {
  const { itemCount, hydrated } = useCart();
  const cartCount = hydrated ? itemCount : cookieCartCount;
  const solid = useScrolledPast(SOLID_HEADER_SCROLL_Y);
  const location = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? location.key : null);

  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useScrollLock(menuOpen);
  useEffect(() => {
    if (!menuOpen) return;
    // Escape hands the keyboard back to the menu button before the panel (and the link that had
    // focus) goes, as a disclosure should; otherwise focus would fall to the page's <body>.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      menuButtonRef.current?.focus();
      setMenuOpenedAt(null);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  // The menu panel is a sibling of the header, not inside it: a backdrop blur on the header (it
  // had one) makes it the containing block of any fixed descendant, which squeezed the
  // full-screen panel into the header's 64 px strip.
  return (
    <>
      <header
        data-solid={solid || menuOpen}
        className={cx(
          "fixed inset-x-0 top-0 z-40 h-(--header-height) transition-colors duration-300",
          // Scrolled, or under the open menu, solid ink: nothing shows through and there is no blur
          // to paint. A translucent header relied on its backdrop blur, which Firefox left unpainted
          // (the page's text showed sharp through the bar), and it cost a paint in the frame that
          // answers a tap.
          solid || menuOpen ? "border-b border-line bg-ink shadow-lg" : "bg-transparent",
        )}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6">
          <BackLink pathname={location.pathname} />
          <Link
            to="/"
            aria-label={`${brand.name} home`}
            className="flex min-w-0 items-center gap-2 whitespace-nowrap font-display text-lg font-bold uppercase tracking-wide"
          >
            <ChequeredFlagIcon className="size-8 shrink-0" />
            {/* Below 360px the flag alone leaves room for the cart and menu buttons. */}
            <span className="hidden min-[360px]:inline">{brand.name}</span>
          </Link>

          <DesktopNavigation locationKey={location.key} />

          <div className="ml-auto flex shrink-0 items-center gap-1 xl:ml-1">
            <CartLink count={cartCount} />
            <div className="hidden items-center gap-2 xl:flex">
              <AccountControls signedIn={signedIn} />
              <a href={joinTheTeamUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "sm")}>
                Join The Team
              </a>
            </div>
            <button
              ref={menuButtonRef}
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-raised xl:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
      </header>
      {menuOpen && <MobileMenu signedIn={signedIn} cartCount={cartCount} joinTheTeamUrl={joinTheTeamUrl} />}
    </>
  );
}

/**
 * The bar's links from 1280 px (hidden below it). Memoised: opening the phone menu re-renders the
 * header, and this part does not change with it (Interaction to Next Paint, ADR 0092).
 */
const DesktopNavigation = memo(function DesktopNavigation({ locationKey }: { locationKey: string }) {
  return (
    <nav aria-label="Main" className="ml-auto hidden xl:block">
      <ul className="flex items-center">
        {mainNavigation.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === "/"} className={desktopLinkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {/* The pages that do not fit the bar, in a popover: it opens, closes on Escape or a click
            elsewhere and takes keyboard focus without JavaScript (ADR 0062). A new page closes it. */}
        <li className="nav-more">
          <button type="button" popoverTarget="more-pages" className={desktopLinkClasses({ isActive: false })}>
            More
            <ChevronDownIcon />
          </button>
          <ul id="more-pages" popover="" key={locationKey}>
            {moreNavigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={desktopLinkClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
});

const desktopLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    "block rounded-full px-2 py-2 text-[0.8125rem] font-semibold uppercase tracking-wide transition-colors",
    isActive ? "text-accent-text" : "text-text hover:text-accent-text",
  );

/**
 * The installed app's Back (ADR 0141): a standalone window has no browser Back, so the header has
 * one, shown by a media query (`standalone:`) and therefore drawn from the first paint, with no
 * jump when scripts arrive. It goes back in the app's history; with none (the app opened on this
 * page from a notification or the Home Screen) it goes up to the section's page, in place of this
 * one, so the next Back goes up again. Without JavaScript it is a link up.
 */
function BackLink({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  const parent = sectionParent(pathname);
  if (parent === null) return null;
  return (
    <Link
      to={parent}
      replace
      aria-label="Back"
      className="-mr-2 -ml-2 hidden size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-raised standalone:inline-flex"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        // React Router numbers its history entries: the first page the app opened on is 0.
        const entry = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (entry > 0) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
    >
      <BackIcon />
    </Link>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-raised"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
    >
      <CartIcon />
      {count > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}

function AccountControls({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) {
    return (
      <Link to="/login" className={buttonClasses("secondary", "sm")}>
        <UserIcon className="size-4" /> Sign In
      </Link>
    );
  }
  // Between 1280 and 1536 px the full navigation leaves room for an icon only; the name stays for screen readers.
  return (
    <>
      <Link to="/dashboard" className={cx(buttonClasses("secondary", "sm"), "max-2xl:size-9 max-2xl:px-0")}>
        <UserIcon className="size-4" /> <span className="max-2xl:sr-only">Dashboard</span>
      </Link>
      <SignOutButton className={buttonClasses("ghost", "sm")} />
    </>
  );
}

function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  );
}

function MobileMenu({ signedIn, cartCount, joinTheTeamUrl }: { signedIn: boolean; cartCount: number; joinTheTeamUrl: string }) {
  const linkClasses = "block rounded-lg px-4 py-2.5 font-display text-2xl font-bold uppercase tracking-wide";
  return (
    <div id="mobile-menu" className="fixed inset-x-0 bottom-0 top-(--header-height) z-40 overflow-y-auto bg-ink px-4 pb-10 pt-4 xl:hidden">
      <nav aria-label="Mobile">
        <ul className="flex flex-col gap-1">
          {[...mainNavigation, ...moreNavigation].map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => cx(linkClasses, isActive ? "bg-surface text-accent-text" : "hover:bg-surface")}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/cart" className={cx(linkClasses, "hover:bg-surface")}>
              Cart ({cartCount})
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6">
        {signedIn ? (
          <>
            <Link to="/dashboard" className={buttonClasses("secondary", "lg")}>
              Dashboard
            </Link>
            <SignOutButton className={cx(buttonClasses("ghost", "lg"), "w-full")} />
          </>
        ) : (
          <Link to="/login" className={buttonClasses("secondary", "lg")}>
            Sign In
          </Link>
        )}
        <a href={joinTheTeamUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "lg")}>
          Join The Team
        </a>
      </div>
    </div>
  );
}

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/**
 * Stops the page behind an overlay from scrolling while `locked` is true. The lock comes in the
 * frame after the overlay's first paint: `overflow: hidden` on the root lays the whole page out
 * again, and in the tap's own frame that was most of the time before the open menu showed
 * (Interaction to Next Paint, ADR 0102). Nobody scrolls within one frame of opening the menu.
 */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const { style } = document.documentElement;
    let lock = true;
    requestAnimationFrame(() => setTimeout(() => lock && (style.overflow = "hidden")));
    return () => {
      lock = false;
      style.overflow = "";
    };
  }, [locked]);
}
