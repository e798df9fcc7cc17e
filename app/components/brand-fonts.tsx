import fontsUrl from "~/fonts.css?url";

/**
 * The brand faces' stylesheet (app/fonts.css), applied once the page has loaded: the fonts then
 * never compete with the page's own files for the first paint, and the metric-matched fallbacks
 * in site.css hold their place until they swap in (ADR 0049). A print stylesheet is fetched
 * without blocking anything and asks for no font until it applies to the screen. A one-line
 * script (with the page's nonce) switches it at the load event, before hydration and at no cost
 * to the page's JavaScript files; without JavaScript the <noscript> copy applies at once.
 */
const APPLY_ON_LOAD = `addEventListener("load",function(){document.getElementById("brand-fonts").media="all"})`;

export function BrandFonts({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <link id="brand-fonts" rel="stylesheet" href={fontsUrl} media="print" />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APPLY_ON_LOAD }} />
      <noscript>
        <link rel="stylesheet" href={fontsUrl} />
      </noscript>
    </>
  );
}
