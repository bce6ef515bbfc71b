import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/**
 * The controls of a form on a prerendered page (decision 036), disabled until React has hydrated
 * them. Before that the page is HTML without handlers: what a visitor typed would be lost when
 * React took the inputs over, and a submit would send the form the browser's way (a GET with the
 * password in the address). A native `<fieldset disabled>` blocks typing, clicking and submitting
 * for everyone (and tells assistive technology and browser automation to wait); it is enabled on
 * the first render after hydration. On a page the app renders itself it is enabled from the first
 * render. No border, margin or padding: it only groups.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset
      disabled={!hydrated}
      data-hydrated={hydrated}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
