import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the prerendered landing (decision 011) is being hydrated, and at build time; true
 * in every other render. A component whose first render would differ from the prerendered HTML
 * (data that may already have arrived, like the pot or the winners) shows what the HTML shows
 * until hydration is over, then re-renders with the data, so React never finds a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
