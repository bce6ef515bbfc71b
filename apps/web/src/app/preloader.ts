import { useEffect } from 'react';

/** The preloader's fade-out, milliseconds (docs/product.md §9; the transition itself is in index.html). */
export const PRELOADER_FADE_MS = 1000;

/**
 * Fades out the static preloader of index.html (#preloader) once the app shell has mounted, and
 * removes it when the fade is over. It never takes pointer events, so the page under it is usable
 * during the fade. Safe to call more than once.
 */
export function hidePreloader(doc: Document = document): void {
  const element = doc.getElementById('preloader');
  if (!element || element.classList.contains('preloader-done')) return;
  element.classList.add('preloader-done');
  const reduced = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.setTimeout(() => element.remove(), reduced ? 0 : PRELOADER_FADE_MS);
}

/** Hides the preloader after the first commit of the component that calls it (the shell). */
export function usePreloaderFade(): void {
  useEffect(() => hidePreloader(), []);
}
