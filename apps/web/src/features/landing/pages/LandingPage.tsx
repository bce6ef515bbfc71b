import { About } from '../components/About';
import { Faq } from '../components/Faq';
import { FeatureSlider } from '../components/FeatureSlider';
import { Games } from '../components/Games';
import { Hero } from '../components/Hero';
import { Highlights } from '../components/Highlights';
import { HowToPlay } from '../components/HowToPlay';
import { ScrollToTop } from '../components/ScrollToTop';
import { Testimonials } from '../components/Testimonials';
import { WhyPlay } from '../components/WhyPlay';

/**
 * The landing page (spec §1, §9; issue 6): banner, about (#about), game selection (#games), why
 * play, how to play in 3 steps, real winners and top players, the feature slider, testimonials,
 * FAQ (#faq), and the scroll-to-top button.
 */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <About />
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
