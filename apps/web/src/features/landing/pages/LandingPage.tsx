import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Box } from '@mantine/core';
import { About } from '../components/About';
import { Hero } from '../components/Hero';

const BelowTheFold = lazy(() => import('../components/BelowTheFold'));

const noSubscription = () => () => undefined;

/**
 * False while the page is rendered at build time (prerender.tsx) and while that markup is
 * hydrated, true otherwise: the lazy part of the page is left out of both, so the markup matches
 * and React does not report a Suspense boundary the server could not finish.
 */
function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The landing page (spec §1, §9; issue 6): banner, about (#about), game selection (#games), why
 * play, how to play in 3 steps, real winners and top players, the feature slider, testimonials,
 * FAQ (#faq), and the scroll-to-top button. The first screen (banner, about) renders at once and
 * is prerendered into dist/landing.html (decision 011); the rest comes in a second chunk (the
 * navbar's hash scrolling waits for its targets).
 */
export default function LandingPage() {
  const hydrated = useAfterHydration();
  const placeholder = <Box mih="100vh" aria-busy="true" />;
  return (
    <>
      <Hero />
      <About />
      {hydrated ? (
        <Suspense fallback={placeholder}>
          <BelowTheFold />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
