import { SPOILER_FREE_CHANGED_EVENT, SPOILER_FREE_COOKIE } from "~/lib/spoiler-free-names";

/*
 * Spoiler-free mode on shared pages (ADR 0142). A page is the same for everyone; each result on it
 * sits in a guard that names its rounds. This script, inline in <head>, reads the fan's cookie
 * before the parser reaches any result and writes one style rule hiding every guard with a round
 * the fan has not revealed, so the first paint has them hidden, and so does anything React adds
 * later (live results, a client navigation). It also swaps a race report's title for a
 * spoiler-safe one, and ends the mode at its end.
 */

/** The markup the rule matches: `.spoiler-guard > [data-spoiler-round]` markers, `.spoiler-content` and `.spoiler-cover`. */
export const SPOILER_GUARD_CLASS = "spoiler-guard";
export const SPOILER_CONTENT_CLASS = "spoiler-content";
export const SPOILER_COVER_CLASS = "spoiler-cover";
export const SPOILER_ROUND_ATTRIBUTE = "data-spoiler-round";

/** `<html data-spoiler-free>` while the mode is on: the mode's controls show their "on" state. */
export const SPOILER_FREE_ATTRIBUTE = "data-spoiler-free";

/** `<meta name=… data-spoiler-round=… content=…>`: the tab's title while that round is hidden. */
export const SPOILER_FREE_TITLE_META = "spoiler-free-title";

/**
 * `window[SPOILER_FREE_APPLY]()`: reads the cookie again and shows the page as it says (called
 * after the page changed the mode). Dispatches SPOILER_FREE_CHANGED_EVENT when the mode differs
 * from what was last applied.
 */
export const SPOILER_FREE_APPLY = "__spoilerFreeApply";

/** The id of the <style> element the script writes its rule into. */
export const SPOILER_FREE_STYLE_ID = "spoiler-free-rule";

/**
 * The script's text, kept short: every page carries it (about 1.2 kB, 0.6 kB compressed). Its
 * cookie check is `parseSpoilerFree`'s (the unit tests hold the two to the same answers): a value
 * of digits then round ids, its end still ahead by the device's clock. Where `:has()` is not
 * supported, every guard is hidden (revealing one round needs it).
 */
export function spoilerFreeHeadScript(): string {
  const round = SPOILER_ROUND_ATTRIBUTE;
  return (
    `(()=>{let d=document,h=d.documentElement,L,T,O,R,S=null,` +
    // The mode from the cookie, or null (parseSpoilerFree's rules).
    `q=()=>{let v=(d.cookie.match(/(?:^|; ?)${SPOILER_FREE_COOKIE}=([^;]*)/)||[])[1],p=v?v.split("."):[];` +
    `return v&&v.length<2e3&&/^\\d{9,11}$/.test(p[0])&&p[0]*1e3>Date.now()&&p.slice(1).every(x=>/^[\\w-]{1,80}$/.test(x))?{v,u:p[0]*1e3,r:p.slice(1)}:null},` +
    // The tab's title: the spoiler-safe one while the page's round is hidden, else what the page wrote.
    `t=m=>{let e=d.querySelector("title"),a=d.querySelector('meta[name="${SPOILER_FREE_TITLE_META}"]'),x;if(!e)return;x=e.textContent;if(x!==S)R=x;` +
    `S=m&&a&&!m.r.includes(a.getAttribute("${round}"))?a.getAttribute("content"):null;if(x!==(S??R))e.textContent=S??R},` +
    `A=()=>{let m=q(),g,s=d.getElementById("${SPOILER_FREE_STYLE_ID}")||d.head.appendChild(Object.assign(d.createElement("style"),{id:"${SPOILER_FREE_STYLE_ID}"})),v=m?m.v:null;` +
    `clearTimeout(T);if(m){g=CSS.supports("selector(:has(a))")?".${SPOILER_GUARD_CLASS}:has(>[${round}]"+m.r.map(x=>':not([${round}="'+x+'"])').join("")+")":".${SPOILER_GUARD_CLASS}";` +
    `s.textContent=g+">.${SPOILER_CONTENT_CLASS}{display:none}"+g+">.${SPOILER_COVER_CLASS}{display:block}";h.setAttribute("${SPOILER_FREE_ATTRIBUTE}","");` +
    // The mode ends by itself at its end, on an open page too; React's writes of the title are watched.
    `T=setTimeout(A,Math.min(m.u-Date.now()+500,2147483647));O=O||!new MutationObserver(()=>t(q())).observe(d.head,{childList:!0,subtree:!0,characterData:!0})}` +
    `else{s.textContent="";h.removeAttribute("${SPOILER_FREE_ATTRIBUTE}")}` +
    `t(m);if(L!==void 0&&v!==L)dispatchEvent(new CustomEvent("${SPOILER_FREE_CHANGED_EVENT}",{detail:v}));L=v};` +
    `window.${SPOILER_FREE_APPLY}=A;A();` +
    // Changed in another tab, or the end passed while the tab slept: checked again when it is shown.
    `d.addEventListener("visibilitychange",()=>d.hidden||A());addEventListener("pageshow",e=>e.persisted&&A())})()`
  );
}
