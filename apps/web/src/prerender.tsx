/**
 * Build-time rendering of the landing page (`/`) as a visitor sees it on arrival: the shell
 * (navbar, footer) around every section of the page, in its loading state for data (pot,
 * winners), exactly as the app's first screen. `scripts/prerender.ts` writes the result into
 * `dist/landing.html`, which the server sends for `/`, so a phone paints the banner from the
 * HTML and its CSS instead of after the whole app bundle has run (decision 011: Lighthouse mobile
 * >= 90; decision 011). The app then hydrates that markup (main.tsx).
 *
 * Runs in Node (vite build --ssr): no window, no storage, so the session is empty (visitor) and
 * the landing's data (pot, winners) is in its loading state.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/root';
import { preloadLandingPage, routes } from './app/router';
import { STORAGE_KEYS } from './lib/storage';

/**
 * The HTML of `#root` for a visitor at `/` (a string of markup, no surrounding document): the
 * app's own route table and root, with the landing's chunk loaded first, as main.tsx does
 * before hydrating it. A first render starts loading the lazy sections under the first screen;
 * once they are loaded, the second render has the whole page, in document order (no streaming
 * placeholders or scripts), every Suspense boundary complete.
 *
 * @throws Error when the second render still left a boundary on its fallback.
 */
export async function renderLanding(): Promise<string> {
  await preloadLandingPage();
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  renderToString(<AppRoot router={router} />);
  await import('./features/landing/components/BelowTheFold');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const html = renderToString(<AppRoot router={router} />);
  // React marks a boundary it rendered as its fallback with <!--$?--> (pending) or <!--$!-->.
  if (/<!--\$[?!]-->/.test(html)) throw new Error('the landing prerender left a Suspense fallback');
  return html;
}

/**
 * Inline script placed after `#root` in dist/landing.html (the server allows it by its hash, CSP).
 * It runs before the first paint (it waits for the stylesheets like any parser-blocking script):
 * - With a session (GuestOnly will send the user to /dashboard), it removes the prerendered
 *   visitor page, so only the preloader shows until the app has rendered, and loads the app now.
 * - Otherwise it loads the app (`entry`, after `modulepreload` hints for `preloads`) once the
 *   prerendered page has been painted, so that on a phone's connection the page's HTML and CSS
 *   do not share the bandwidth with the app's JavaScript before the first paint (decision 011).
 *   A timer backs up the animation frame, which a background tab never gets.
 *
 * @param entry URL of the app's entry module (`/assets/index-….js`).
 * @param preloads URLs of the modules the entry and the landing page import.
 */
export function landingBootScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var d=document,done=false;function load(){if(done)return;done=true;${JSON.stringify(
    preloads,
  )}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(
    entry,
  )};d.head.appendChild(s)}var session=null;try{session=localStorage.getItem(${JSON.stringify(
    STORAGE_KEYS.token,
  )})}catch(e){}if(session){d.documentElement.removeAttribute("data-prerendered");var r=d.getElementById("root");r.removeAttribute("data-prerendered");r.textContent="";load();return}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)})();`;
}
