import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a prerendered page (decisions 011 and 036) is being hydrated, and at build time;
 * true in every other render, including the first render of a page the app builds itself. A
 * component whose first render would differ from the prerendered HTML (data that may already
 * have arrived, like the pot or the winners) shows what the HTML shows until hydration is over,
 * then re-renders with the data, so React never finds a mismatch. Forms use it to take over what
 * was typed before hydration (components/HydrationGate.tsx, decision 043).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
