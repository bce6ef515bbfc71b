import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import { About } from '../components/About';
import { Hero } from '../components/Hero';
import { whenBelowTheFoldWanted } from '../lib/below-the-fold';

const BelowTheFold = lazy(() =>
  whenBelowTheFoldWanted().then(() => import('../components/BelowTheFold')),
);

/**
 * The landing page (docs/product.md §1, §9; decision 011): banner, about (#about), game selection (#games), why
 * play, how to play in 3 steps, real winners and top players, the feature slider, testimonials,
 * FAQ (#faq), and the scroll-to-top button. The whole page is prerendered into
 * dist/landing.html (decision 011); the sections under the first screen are a second chunk,
 * loaded (and their prerendered HTML hydrated) once the visitor heads for them
 * (lib/below-the-fold). The navbar's hash scrolling waits for their anchors.
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
