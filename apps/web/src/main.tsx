import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppRoot } from './app/root';
import { preloadPage, routes } from './app/router';
import { snapshotEarlyInput } from './lib/early-input';
import { registerServiceWorker, watchInstallPrompt } from './lib/pwa';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

const router = createBrowserRouter(routes);

if (container.hasAttribute('data-prerendered')) {
  // A prerendered page (dist/landing.html and the others of decisions 011 and 036) is already on
  // screen: with its chunk loaded, React adopts that markup (hydration) instead of building the
  // page again. In a transition, hydration is time-sliced too (by default it runs as one
  // blocking task).
  // What the visitor typed into its forms meanwhile is noted first: the hydrated forms take it
  // over (lib/early-input.ts, decision 043).
  const hydrate = () => {
    snapshotEarlyInput(container);
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} />);
    });
  };
  preloadPage(window.location.pathname).then(hydrate, hydrate);
} else {
  // A transition renders with time slicing: React yields to the browser every few milliseconds
  // instead of building the whole first screen in one long task (phones: Total Blocking Time).
  const root = createRoot(container);
  startTransition(() => root.render(<AppRoot router={router} />));
}

watchInstallPrompt();
registerServiceWorker();
