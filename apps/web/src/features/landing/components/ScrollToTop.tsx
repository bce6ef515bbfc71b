import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { HEADER_ACTIONS_ID } from '../../../components/header-actions';
import { animateScrollTo } from '../../../lib/smooth-scroll';

/** Scroll distance after which the button appears, pixels (docs/product.md §9). */
export const SCROLL_TOP_THRESHOLD_PX = 500;

/**
 * Whether the page is scrolled more than `px` from the top. Watches a 1 px marker placed `px`
 * down the document with an IntersectionObserver: unlike a scroll listener reading scrollY, it
 * never forces a layout of the long landing page (Lighthouse counted ~125 ms of it on a phone).
 */
function useScrolledPast(px: number) {
  const marker = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const markerElement = (
    <div
      ref={marker}
      aria-hidden
      style={{
        position: 'absolute',
        top: px,
        left: 0,
        width: 1,
        height: 1,
        pointerEvents: 'none',
      }}
    />
  );
  return { past, markerElement };
}

/**
 * The scroll-to-top button (docs/product.md §9): shown past 500 px, brings the page up in 300 ms. On wide
 * screens it floats in the page's right margin; on phones there is no margin, and floating it
 * covered the footer text and the cards' badges (decision 017), so it sits in the navbar beside the
 * menu button instead (components/header-actions.ts).
 */
export function ScrollToTop() {
  const { past, markerElement } = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  // The navbar is mounted before any page. Read once, never while prerendering; the portal is
  // made only after the page has scrolled, so hydration never meets it (decision 011).
  const [slot] = useState(() =>
    typeof document === 'undefined' ? null : document.getElementById(HEADER_ACTIONS_ID),
  );
  return (
    <>
      {markerElement}
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150} visibleFrom="sm">
        <Transition transition="slide-up" mounted={past}>
          {(styles) => (
            <ActionIcon
              style={styles}
              size={48}
              radius="xl"
              color="gold.5"
              c="dark.9"
              variant="filled"
              aria-label="Volver arriba"
              onClick={() => animateScrollTo(0)}
              data-testid="scroll-top"
            >
              <IconArrowUp size={22} aria-hidden />
            </ActionIcon>
          )}
        </Transition>
      </Affix>
      {slot &&
        past &&
        createPortal(
          <ActionIcon
            size={36}
            radius="xl"
            color="gold.5"
            c="dark.9"
            variant="filled"
            hiddenFrom="sm"
            aria-label="Volver arriba"
            onClick={() => animateScrollTo(0)}
            data-testid="scroll-top-header"
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>,
          slot,
        )}
    </>
  );
}
