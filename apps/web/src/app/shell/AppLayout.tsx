import { lazy, Suspense, type ComponentType } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { usePreloaderFade } from '../preloader';
import { ScrollManager } from '../scroll-manager';
import { SessionManager } from '../session-manager';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { SessionExpiredBanner } from './SessionExpiredBanner';
import { useSession } from '../../lib/session';

// Only a signed-in player has a play reminder: visitors' pages do not load it (decision 036). A
// chunk that cannot be downloaded shows no reminder rather than an error page.
const PlayReminder = lazy<ComponentType>(() =>
  import('../../features/profile/components/PlayReminder')
    .then((m) => ({ default: m.PlayReminder }))
    .catch(() => ({ default: () => null })),
);

/**
 * The global shell around every route (docs/product.md §2): navbar, banner, page, footer. Its first mount
 * fades out the preloader of index.html (docs/product.md §9).
 */
export function AppLayout() {
  usePreloaderFade();
  const { token } = useSession();
  return (
    <>
      <ScrollManager />
      <SessionManager />
      <Navbar />
      <SessionExpiredBanner />
      {token && (
        <Suspense fallback={null}>
          <PlayReminder />
        </Suspense>
      )}
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
