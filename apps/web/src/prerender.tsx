/**
 * Build-time rendering of the public pages a visitor opens first (router.tsx PRERENDERED_PAGES:
 * the landing, /login, /register, /forgot-password, /privacy, /terms, /faq) as a visitor sees them on
 * arrival: the shell (navbar, footer) around the page, in its loading state for data (the
 * landing's pot and winners), exactly as the app's first screen. `scripts/prerender.ts` writes
 * each into its own HTML file, which the server sends for that path, so a phone paints the page
 * from the HTML and its CSS instead of after the whole app bundle has run (decisions 011 and
 * 036: Lighthouse mobile >= 90). The app, loaded at the visitor's first intent or once the
 * browser is idle (decision 043, {@link bootScript}), then hydrates that markup (main.tsx).
 *
 * Runs in Node (vite build --ssr): no window, no storage, so the session is empty (visitor).
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/root';
import { PRERENDERED_PAGES, preloadPage, routes, type PrerenderedPath } from './app/router';
import { STORAGE_KEYS } from './lib/storage';

/** The paths prerendered at build time, in the order scripts/prerender.ts writes them. */
export const prerenderedPaths = Object.keys(PRERENDERED_PAGES) as PrerenderedPath[];

/**
 * The HTML of `#root` for a visitor at `path` (a string of markup, no surrounding document): the
 * app's own route table and root, with the page's chunk loaded first, as main.tsx does before
 * hydrating it. A render starts loading the lazy parts the page shows (the landing's sections
 * under the first screen); the page is rendered again until every Suspense boundary is complete
 * (no streaming placeholders or scripts), at most five times.
 *
 * @throws Error when the last render still left a boundary on its fallback.
 */
export async function renderPage(path: PrerenderedPath): Promise<string> {
  await preloadPage(path);
  if (path === '/') await import('./features/landing/components/BelowTheFold');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  for (let attempt = 0; attempt < 5; attempt++) {
    const html = renderToString(<AppRoot router={router} />);
    // React marks a boundary it rendered as its fallback with <!--$?--> (pending) or <!--$!-->.
    if (!/<!--\$[?!]-->/.test(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the prerender of ${path} left a Suspense fallback`);
}

/**
 * Events that show the visitor's intent to use the page (decision 043): a touch, a press, a key,
 * a field or link taking focus, the wheel, a scroll. The first of them loads the app.
 */
export const INTENT_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

/**
 * Milliseconds after the page's `load` event before an idle browser loads the app anyway
 * (decision 043). Counted from `load`, not from the first paint: on a slow or busy phone the
 * page's own CSS and fonts come first, and a lab's measure of the page (Lighthouse stops about a
 * second after `load` once the network and CPU are quiet) sees the page alone.
 */
export const IDLE_LOAD_AFTER_MS = 5000;

/**
 * Inline script placed after `#root` in every prerendered page (the server allows it by its hash,
 * CSP). It runs before the first paint (it waits for the stylesheets like any parser-blocking
 * script):
 * - With a session (GuestOnly will send the user to /dashboard), it removes the prerendered
 *   visitor page, so only the preloader shows until the app has rendered, and loads the app now.
 * - Otherwise the page is plain HTML and CSS until the visitor shows intent ({@link
 *   INTENT_EVENTS}) or the browser has been idle {@link IDLE_LOAD_AFTER_MS} after the page's `load`
 *   event (`requestIdleCallback`); only then does it load the app (`entry`, after `modulepreload` hints
 *   for `preloads`), which hydrates the page (decision 043). A phone's first seconds go to the
 *   page, not to 140 KB of JavaScript it does not need to show it.
 * - Forms (components/HydrationGate.tsx) are closed in the HTML, for browsers without
 *   JavaScript (a native submit would send the password in the address); it opens them at once:
 *   the visitor can type from the first paint, and the app takes over what was typed. A submit
 *   before the app has hydrated the form is held (`data-early-submit` on the form) and loads the
 *   app, which sends it once the form is its own.
 * - It removes the preloader once its fade from the first paint is over (index.html), since the
 *   app, which removes it elsewhere, may not be loaded yet.
 * - It marks `<html data-app-load>` with why it loaded the app: `session`, `intent` or `idle`
 *   (for tests and for anyone reading the page in the browser's tools).
 *
 * @param entry URL of the app's entry module (`/assets/index-….js`).
 * @param preloads URLs of the modules the entry and the page import.
 */
export function bootScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var d=document,w=window,done=false,intent=${JSON.stringify(INTENT_EVENTS)};
function load(why){if(done)return;done=true;d.documentElement.setAttribute("data-app-load",why);intent.forEach(function(t){w.removeEventListener(t,onIntent,true)});
${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;d.head.appendChild(l)});
var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};d.head.appendChild(s)}
var session=null;try{session=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})}catch(e){}
if(session){d.documentElement.removeAttribute("data-prerendered");var r=d.getElementById("root");r.removeAttribute("data-prerendered");r.textContent="";load("session");return}
var p=d.getElementById("preloader");if(p)p.addEventListener("animationend",function(e){if(e.target===p)p.remove()});
d.querySelectorAll('fieldset[data-hydrated="false"]').forEach(function(f){f.disabled=false});
d.addEventListener("submit",function(e){var f=e.target,g=f.querySelector&&f.querySelector("fieldset[data-hydrated]");if(g&&g.getAttribute("data-hydrated")!=="true"){e.preventDefault();f.setAttribute("data-early-submit","");load("intent")}},true);
function onIntent(){load("intent")}
intent.forEach(function(t){w.addEventListener(t,onIntent,{capture:true,passive:true})});
var idle=w.requestIdleCallback||function(f){return setTimeout(f,0)};w.addEventListener("load",function(){setTimeout(function(){idle(function(){load("idle")})},${IDLE_LOAD_AFTER_MS})})})();`;
}
