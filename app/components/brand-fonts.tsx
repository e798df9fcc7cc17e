import { useEffect } from "react";
import fontsUrl from "~/fonts.css?url";

const LINK_ID = "brand-fonts";

/**
 * The brand faces' stylesheet (app/fonts.css), applied once the page has loaded: the fonts then
 * never compete with the page's own files for the first paint, and the metric-matched fallbacks
 * in app.css hold their place until they swap in (ADR 0049). A print stylesheet is fetched
 * without blocking anything and asks for no font until it applies to the screen. Without
 * JavaScript the <noscript> copy applies it at once.
 */
export function BrandFonts() {
  useEffect(() => {
    const apply = () => {
      const link = document.getElementById(LINK_ID);
      if (link instanceof HTMLLinkElement) link.media = "all";
    };
    if (document.readyState === "complete") {
      apply();
      return;
    }
    window.addEventListener("load", apply, { once: true });
    return () => window.removeEventListener("load", apply);
  }, []);
  return (
    <>
      <link id={LINK_ID} rel="stylesheet" href={fontsUrl} media="print" />
      <noscript>
        <link rel="stylesheet" href={fontsUrl} />
      </noscript>
    </>
  );
}
