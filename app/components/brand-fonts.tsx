import barlowCondensedUrl from "@fontsource/barlow-condensed/files/barlow-condensed-latin-700-normal.woff2?url";
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import fontsUrl from "~/fonts.css?url";

/** Latin, as app/fonts.css subsets it. */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** localStorage's note that this build's font files are in the browser's cache. */
export const BRAND_FONTS_KEY = "brand-fonts";

const FACES = [
  { family: "Inter Variable", url: interUrl, weight: "100 900" },
  { family: "Barlow Condensed", url: barlowCondensedUrl, weight: "700" },
];

/*
 * The brand faces without a second layout of the page (ADR 0082). A visitor whose browser holds
 * this build's font files (noted in localStorage) gets them before the first layout, added in
 * the <head> through the FontFace API from the cache. A first visit is drawn in the metric-matched
 * fallbacks (site.css) and stays so: once the page has hydrated (after its first paint and its
 * scripts, ADR 0091) and loaded, the files are fetched into the cache for the next page, and
 * nothing is swapped in under the visitor's eyes. A one-line script with
 * the page's nonce, outside the JavaScript bundles; without JavaScript the <noscript> stylesheet
 * applies the faces at once.
 */
function brandFontsScript() {
  return `(function(){var k=${JSON.stringify(BRAND_FONTS_KEY)},f=${JSON.stringify(FACES)},v=f.map(function(x){return x.url}).join(" ");try{if(localStorage.getItem(k)===v){f.forEach(function(x){document.fonts.add(new FontFace(x.family,"url("+x.url+") format('woff2')",{weight:x.weight,unicodeRange:${JSON.stringify(LATIN)},display:"swap"}))});return}var h=document.documentElement,g=function(){Promise.all(f.map(function(x){return fetch(x.url).then(function(r){if(!r.ok)throw r.status;return r.arrayBuffer()})})).then(function(){localStorage.setItem(k,v)},function(){})};new MutationObserver(function(m,o){if(h.dataset.hydration==="done"){o.disconnect();document.readyState==="complete"?g():addEventListener("load",g)}}).observe(h,{attributes:true,attributeFilter:["data-hydration"]})}catch(e){}})()`;
}

export function BrandFonts({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      {/*
        Written by the server only: it has run before hydration, and leaving it out of the client
        build keeps its bytes out of the home page's JavaScript budget. React does not rewrite
        a hydrated element's inner HTML.
      */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: import.meta.env.SSR ? brandFontsScript() : "",
        }}
      />
      <noscript>
        <link rel="stylesheet" href={fontsUrl} />
      </noscript>
    </>
  );
}
