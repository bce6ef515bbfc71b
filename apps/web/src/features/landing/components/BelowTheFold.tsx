import { Faq } from './Faq';
import { FeatureSlider } from './FeatureSlider';
import { Games } from './Games';
import { Highlights } from './Highlights';
import { HowToPlay } from './HowToPlay';
import { ScrollToTop } from './ScrollToTop';
import { Testimonials } from './Testimonials';
import { WhyPlay } from './WhyPlay';

/**
 * The landing sections under the first screen, in their own chunk: loading and rendering them
 * does not delay the banner (decision 011, Lighthouse mobile performance).
 */
export default function BelowTheFold() {
  return (
    <>
      <Games />
      <WhyPlay />
      <HowToPlay />
      <Highlights />
      <FeatureSlider />
      <Testimonials />
      <Faq />
      <ScrollToTop />
    </>
  );
}
