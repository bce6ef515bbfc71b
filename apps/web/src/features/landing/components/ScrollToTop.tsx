import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { animateScrollTo } from '../../../lib/smooth-scroll';

/** Scroll distance after which the button appears, pixels (spec §9). */
export const SCROLL_TOP_THRESHOLD_PX = 500;

/** The scroll-to-top button (spec §9): shown past 500 px, brings the page up in 300 ms. */
export function ScrollToTop() {
  const [scroll] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD_PX}>
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
  );
}
