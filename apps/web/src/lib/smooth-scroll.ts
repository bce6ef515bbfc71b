/**
 * Animated scrolling (docs/product.md §9 "scroll animation 300 ms"): the hash targets of the navbar and the
 * landing's scroll-to-top button move the page over 300 ms with an ease-in-out curve instead of
 * the browser's own smooth scroll, whose duration is unspecified. Users who ask for reduced
 * motion get an instant jump.
 */

/** Duration of every animated scroll, milliseconds (docs/product.md §9). */
export const SCROLL_ANIMATION_MS = 300;

/** Cubic ease-in-out on [0, 1]: slow start, slow end; 0 -> 0, 0.5 -> 0.5, 1 -> 1. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Where the page should be `elapsedMs` into an animation from `from` to `to` (pixels). */
export function scrollPositionAt(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs: number = SCROLL_ANIMATION_MS,
): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  return from + (to - from) * easeInOutCubic(elapsedMs / durationMs);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

let cancelRunning: (() => void) | null = null;

/**
 * Scrolls the window to `top` (pixels, clamped to the page) over `durationMs`. A new call cancels
 * the one running. Returns a function that cancels this animation.
 *
 * `top` may be a function, read again on every frame: the target can move while the page scrolls
 * (sections rendered only near the viewport, `content-visibility: auto`, take their real height as
 * the page passes them; decision 036), and the animation ends on where the target is then.
 */
export function animateScrollTo(
  top: number | (() => number),
  durationMs: number = SCROLL_ANIMATION_MS,
): () => void {
  cancelRunning?.();
  const target = () => {
    const max = Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
    return Math.min(max, Math.max(0, Math.round(typeof top === 'function' ? top() : top)));
  };
  const from = window.scrollY;
  if (from === target() || durationMs <= 0 || prefersReducedMotion()) {
    window.scrollTo({ top: target(), left: 0, behavior: 'instant' });
    return () => undefined;
  }
  let frame = 0;
  let start: number | null = null;
  const step = (now: number) => {
    start ??= now;
    const to = target();
    const y = scrollPositionAt(from, to, now - start, durationMs);
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
    // Past its duration it only follows a target that still moves, for at most a second.
    const settling = now - start < durationMs + 1000;
    if (y !== to || (settling && target() !== to)) frame = window.requestAnimationFrame(step);
    else cancelRunning = null;
  };
  frame = window.requestAnimationFrame(step);
  const cancel = () => {
    window.cancelAnimationFrame(frame);
    if (cancelRunning === cancel) cancelRunning = null;
  };
  cancelRunning = cancel;
  return cancel;
}

/**
 * Scrolls so that `element` starts just under the fixed header: its top minus the page's
 * `scroll-padding-top` (global.css), animated like `animateScrollTo`.
 */
export function animateScrollToElement(
  element: Element,
  durationMs: number = SCROLL_ANIMATION_MS,
): () => void {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return animateScrollTo(
    () => element.getBoundingClientRect().top + window.scrollY - padding,
    durationMs,
  );
}
