import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import { About } from '../components/About';
import { Hero } from '../components/Hero';

const BelowTheFold = lazy(() => import('../components/BelowTheFold'));

/**
 * The landing page (spec §1, §9; issue 6): banner, about (#about), game selection (#games), why
 * play, how to play in 3 steps, real winners and top players, the feature slider, testimonials,
 * FAQ (#faq), and the scroll-to-top button. The first screen (banner, about) renders at once; the
 * rest comes in a second chunk (the navbar's hash scrolling waits for its targets).
 */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <About />
      <Suspense fallback={<Box mih="100vh" aria-busy="true" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
