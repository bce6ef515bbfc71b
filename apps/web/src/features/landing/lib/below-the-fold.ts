/** Pixels before the sections under the first screen reach the viewport at which they load. */
export const BELOW_THE_FOLD_MARGIN_PX = 600;

/** The first of the sections under the first screen (the `#games` anchor). */
const FIRST_SECTION_ID = 'games';

/** Interactions after which the sections load at once (captured, so none is missed). */
const WAKE_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'hashchange'] as const;

/**
 * When the landing's sections under the first screen (their own chunk) should load, as a
 * promise (decision 011):
 * - at once when rendering at build time (no `window`), when the page was not prerendered (a
 *   navigation inside the app: nothing of them is on screen yet), or when the address targets a
 *   section (`#faq`);
 * - on the prerendered page, where their HTML is already on screen, at the visitor's first
 *   interaction (pointer, key, touch, wheel, a link to a section), or when they come within
 *   {@link BELOW_THE_FOLD_MARGIN_PX} of the viewport. Until then React leaves their prerendered
 *   HTML as it is (a dehydrated Suspense boundary), so a phone spends its first seconds on the
 *   banner instead of on scripts for sections nobody sees yet.
 */
export function whenBelowTheFoldWanted(
  doc: Document | undefined = globalThis.document,
): Promise<void> {
  if (!doc) return Promise.resolve();
  const view = doc.defaultView;
  const section = doc.getElementById(FIRST_SECTION_ID);
  if (!view || !section || view.location.hash) return Promise.resolve();
  return new Promise((resolve) => {
    let observer: IntersectionObserver | null = null;
    const wake = () => {
      for (const type of WAKE_EVENTS) view.removeEventListener(type, wake, true);
      view.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      resolve();
    };
    // A jump (scrollIntoView, a long fling) can pass the sections between two frames, which an
    // observer never sees: any scroll that ends at or past them wakes them too.
    const onScroll = () => {
      if (section.getBoundingClientRect().top < view.innerHeight + BELOW_THE_FOLD_MARGIN_PX) wake();
    };
    for (const type of WAKE_EVENTS)
      view.addEventListener(type, wake, { capture: true, passive: true });
    view.addEventListener('scroll', onScroll, { passive: true });
    // Where they already are near the viewport (a tall screen), the observer's first report
    // wakes them without a forced layout here.
    if (typeof view.IntersectionObserver === 'function') {
      observer = new view.IntersectionObserver(
        (entries) => entries.some((e) => e.isIntersecting) && wake(),
        { rootMargin: `${BELOW_THE_FOLD_MARGIN_PX}px 0px` },
      );
      observer.observe(section);
    }
  });
}
