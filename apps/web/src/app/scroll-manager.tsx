import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { animateScrollToElement } from '../lib/smooth-scroll';

const HASH_WAIT_MS = 3_000;

/**
 * Every navigation scrolls to the top, or smoothly to the hash target if there is one (docs/product.md §2),
 * in a 300 ms animation (docs/product.md §9, lib/smooth-scroll).
 * Pages load lazily, so the hash target is looked for until it appears (up to 3 s).
 */
export function ScrollManager() {
  const { key, hash } = useLocation();

  useEffect(() => {
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
