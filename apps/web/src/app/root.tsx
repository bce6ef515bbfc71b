import { StrictMode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';

/**
 * The whole app around a router: the browser's in main.tsx, a memory router at `/` when the
 * landing is prerendered (prerender.tsx). Both must render this same tree, or hydration of the
 * prerendered page would not match (React's ids follow the tree's shape).
 */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
