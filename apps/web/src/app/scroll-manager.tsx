import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { animateScrollToElement } from '../lib/smooth-scroll';

const HASH_WAIT_MS = 3_000;

/**
 * Every navigation scrolls to the top, or smoothly to the hash target if there is one (docs/product.md §2),
 * in a 300 ms animation (docs/product.md §9, lib/smooth-scroll).
 * Pages load lazily, so the hash target is looked for until it appears (up to 3 s).
 *
 * The page the browser loaded is left where the browser put it: at the top of a new page, where
 * it was on a reload, and where the visitor scrolled a prerendered page (decision 036) before the
 * app adopted it. Scrolling that one to the top threw a reader back to the start, and a tap on a
 * link that was under the finger landed on whatever came up instead.
 */
export function ScrollManager() {
  const { key, hash } = useLocation();
  // The location the app started on, until the first navigation (a ref survives StrictMode's
  // second run of the effect, so that run does not scroll either; coming back to that first
  // entry later is a navigation like any other).
  const initialKey = useRef<string | null>(key);

  useEffect(() => {
    if (key === initialKey.current && !hash) return;
    initialKey.current = null;
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      id = hash.slice(1);
    }
    const started = Date.now();
    let timer = 0;
    let cancel: () => void = () => undefined;
    const attempt = () => {
      const element = document.getElementById(id);
      if (element) {
        cancel = animateScrollToElement(element);
        return;
      }
      if (Date.now() - started < HASH_WAIT_MS) timer = window.setTimeout(attempt, 50);
    };
    attempt();
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, [key, hash]);

  return null;
}
