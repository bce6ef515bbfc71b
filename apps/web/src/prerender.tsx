/**
 * Build-time rendering of the public pages a visitor opens first (router.tsx PRERENDERED_PAGES:
 * the landing, /login, /register, /forgot-password, /privacy, /terms) as a visitor sees them on
 * arrival: the shell (navbar, footer) around the page, in its loading state for data (the
 * landing's pot and winners), exactly as the app's first screen. `scripts/prerender.ts` writes
 * each into its own HTML file, which the server sends for that path, so a phone paints the page
 * from the HTML and its CSS instead of after the whole app bundle has run (decisions 011 and
 * 036: Lighthouse mobile >= 90). The app then hydrates that markup (main.tsx).
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
 * Inline script placed after `#root` in every prerendered page (the server allows it by its hash,
 * CSP).
 * It runs before the first paint (it waits for the stylesheets like any parser-blocking script):
 * - With a session (GuestOnly will send the user to /dashboard), it removes the prerendered
 *   visitor page, so only the preloader shows until the app has rendered, and loads the app now.
 * - Otherwise it loads the app (`entry`, after `modulepreload` hints for `preloads`) once the
 *   prerendered page has been painted, so that on a phone's connection the page's HTML and CSS
 *   do not share the bandwidth with the app's JavaScript before the first paint (decision 011).
 *   A timer backs up the animation frame, which a background tab never gets.
 *
 * @param entry URL of the app's entry module (`/assets/index-….js`).
 * @param preloads URLs of the modules the entry and the page import.
 */
export function bootScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var d=document,done=false;function load(){if(done)return;done=true;${JSON.stringify(
    preloads,
  )}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(
    entry,
  )};d.head.appendChild(s)}var session=null;try{session=localStorage.getItem(${JSON.stringify(
    STORAGE_KEYS.token,
  )})}catch(e){}if(session){d.documentElement.removeAttribute("data-prerendered");var r=d.getElementById("root");r.removeAttribute("data-prerendered");r.textContent="";load();return}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)})();`;
}
