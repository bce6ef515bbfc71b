import { useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';
import { adoptEarlyInput } from '../lib/early-input';

/**
 * The controls of a form on a prerendered page (decisions 036 and 043). In the HTML the
 * `<fieldset>` is disabled: without JavaScript a submit would send the form the browser's way (a
 * GET with the password in the address). The page's boot script (prerender.tsx) enables it before
 * the first paint, so a visitor types while the app is still on its way; the boot script also
 * holds a submit made before the app has taken the form over. Once React has hydrated the form,
 * this hands what was typed to the page's own state and sends a held submit
 * (lib/early-input.ts). On a page the app renders itself it is enabled from the first render and
 * there is nothing to hand over. No border, margin or padding: it only groups.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (hydrated && ref.current) adoptEarlyInput(ref.current);
  }, [hydrated]);
  return (
    <fieldset
      ref={ref}
      disabled={!hydrated}
      data-hydrated={hydrated}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
