import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { usePreloaderFade } from '../preloader';
import { ScrollManager } from '../scroll-manager';
import { SessionManager } from '../session-manager';
import { PlayReminder } from '../../features/profile/components/PlayReminder';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { SessionExpiredBanner } from './SessionExpiredBanner';

/**
 * The global shell around every route (docs/product.md §2): navbar, banner, page, footer. Its first mount
 * fades out the preloader of index.html (docs/product.md §9).
 */
export function AppLayout() {
  usePreloaderFade();
  return (
    <>
      <ScrollManager />
      <SessionManager />
      <Navbar />
      <SessionExpiredBanner />
      <PlayReminder />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
