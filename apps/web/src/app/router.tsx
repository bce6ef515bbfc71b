import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage, type LazyPageComponent } from './lazy-page';
import { RouteError } from './route-error';
import { AppLayout } from './shell/AppLayout';
import { staffRoutes } from './staff/sections';

const LandingPage = lazyPage(() => import('../features/landing/pages/LandingPage'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'));
const ProfilePage = lazyPage(() => import('../features/profile/pages/ProfilePage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/NotFoundPage'));
const CasinoPage = lazyPage(() => import('../features/games/pages/CasinoPage'));
const GamePage = lazyPage(() => import('../features/game/pages/GamePage'));
const WatchPage = lazyPage(() => import('../features/spectate/pages/WatchPage'));
const VerifyPage = lazyPage(() => import('../features/verify/pages/VerifyPage'));
const RechargePage = lazyPage(() => import('../features/wallet/pages/RechargePage'));
const WithdrawPage = lazyPage(() => import('../features/wallet/pages/WithdrawPage'));
const TransactionsPage = lazyPage(() => import('../features/wallet/pages/TransactionsPage'));
const StaffLayout = lazyPage(() => import('./staff/StaffLayout'));
const WaitingRoomPage = lazyPage(() => import('../features/tables/pages/WaitingRoomPage'));
const NewPrivateTablePage = lazyPage(() => import('../features/tables/pages/NewPrivateTablePage'));
const InvitationPage = lazyPage(() => import('../features/tables/pages/InvitationPage'));
const PotPage = lazyPage(() => import('../features/pot/pages/PotPage'));
// The dashboard's pot modal (docs/product.md §4) is composed here so the features stay independent; it is
// optional, so a chunk that fails to load renders nothing instead of an error page.
const PotModal = lazy<ComponentType>(() =>
  import('../features/pot/components/PotModal').catch(() => ({ default: () => null })),
);
const HistoryPage = lazyPage(() => import('../features/history/pages/HistoryPage'));
const ReplayPage = lazyPage(() => import('../features/history/pages/ReplayPage'));
const AnalysisPage = lazyPage(() => import('../features/history/pages/AnalysisPage'));
const PrivacyPage = lazyPage(() => import('../features/legal/pages/PrivacyPage'));
const TermsPage = lazyPage(() => import('../features/legal/pages/TermsPage'));
const FaqPage = lazyPage(() => import('../features/landing/pages/FaqPage'));
const FriendsPage = lazyPage(() => import('../features/friends/pages/FriendsPage'));
const LeaderboardPage = lazyPage(() => import('../features/ratings/pages/LeaderboardPage'));
const TournamentsPage = lazyPage(() => import('../features/tournaments/pages/TournamentsPage'));
const TournamentPage = lazyPage(() => import('../features/tournaments/pages/TournamentPage'));
const DuplicatePage = lazyPage(() => import('../features/tournaments/pages/DuplicatePage'));
const PuzzlePage = lazyPage(() => import('../features/puzzles/pages/PuzzlePage'));
const QuickPlayPage = lazyPage(() => import('../features/quickplay/pages/QuickPlayPage'));
// Offline practice, "Jugar sin conexión" (docs/decisions/041-offline-practice.md).
const OfflineMenuPage = lazyPage(() => import('../features/game/offline/pages/OfflineMenuPage'));
const OfflineGamePage = lazyPage(() => import('../features/game/offline/pages/OfflineGamePage'));
const IdentityPage = lazyPage(() => import('../features/identity/pages/IdentityPage'));

/**
 * The route table (docs/product.md §2). Pages that later issues build are registered with their guards and
 * render the 404 page until then.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/dashboard',
            element: (
              <>
                <DashboardPage />
                <Suspense fallback={null}>
                  <PotModal />
                </Suspense>
              </>
            ),
          },
          { path: '/games', element: <CasinoPage /> },
          { path: '/games/:gameId', element: <GamePage /> },
          // Spectators (docs/decisions/022-spectators.md): ?code= for a private table's match.
          { path: '/partida/:gameId/ver', element: <WatchPage /> },
          { path: '/recharge', element: <RechargePage /> },
          { path: '/withdraw', element: <WithdrawPage /> },
          { path: '/transactions', element: <TransactionsPage /> },
          {
            // Staff console: the layout redirects anyone but role 'admin' to /dashboard.
            path: '/admin',
            element: <StaffLayout />,
            // One entry per section in staff/sections.tsx (decision 056).
            children: staffRoutes(),
          },
          { path: '/profile', element: <ProfilePage /> },
          // Named route WaitingRoomPage (docs/product.md §2 route table).
          { path: '/waiting-room/:tableId', element: <WaitingRoomPage />, id: 'WaitingRoomPage' },
          // Private tables (docs/product.md "Mesas privadas"): a shared invitation link opened
          // while logged out goes to /login and comes back here.
          { path: '/mesas/nueva', element: <NewPrivateTablePage /> },
          { path: '/invitacion/:code', element: <InvitationPage /> },
          { path: '/pote', element: <PotPage /> },
          { path: '/history', element: <HistoryPage /> },
          { path: '/history/:gameId', element: <ReplayPage /> },
          { path: '/history/:gameId/analisis', element: <AnalysisPage /> },
          { path: '/amigos', element: <FriendsPage /> },
          // Tournaments (docs/decisions/028-tournaments.md).
          { path: '/torneos', element: <TournamentsPage /> },
          { path: '/torneos/:id', element: <TournamentPage /> },
          // Duplicate sets (docs/decisions/062-duplicate-domino.md).
          { path: '/duplicado/:id', element: <DuplicatePage /> },
          // Quick play, "Jugar ahora" (docs/decisions/027-quick-play.md).
          { path: '/jugar-ahora', element: <QuickPlayPage /> },
          // Identity verification (docs/decisions/031-identity-verification.md).
          { path: '/verificacion', element: <IdentityPage /> },
        ],
      },
      // The e-mailed recovery link works with or without a session: a logged-in player who opens
      // it must reach the form, not /dashboard (the token would be lost). The page ends the local
      // session after a reset, which revokes every session (decision 006).
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verificar', element: <VerifyPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      // The FAQ for everyone, logged in or not (the landing's #faq is for visitors only).
      { path: '/faq', element: <FaqPage /> },
      // Public leaderboards (decision 026): visitors and players alike.
      { path: '/clasificacion', element: <LeaderboardPage /> },
      // "Problema del día" (decision 060): the puzzle is public, answering needs a session.
      { path: '/problema-del-dia', element: <PuzzlePage /> },
      // Offline practice (decision 041): no session and no server needed; the service worker
      // serves the app for these paths when the network is down.
      { path: '/sin-conexion', element: <OfflineMenuPage /> },
      { path: '/sin-conexion/partida', element: <OfflineGamePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The pages prerendered at build time (scripts/prerender.ts, docs/decisions/036-first-load.md and
 * 043-first-load-on-intent.md):
 * public pages a visitor opens first, whose first screen needs no data. Each is rendered by
 * prerender.tsx into its own HTML file, which the server sends for exactly that path.
 */
export const PRERENDERED_PAGES = {
  '/': LandingPage,
  '/login': LoginPage,
  '/register': RegisterPage,
  '/forgot-password': ForgotPasswordPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/faq': FaqPage,
} as const satisfies Record<string, LazyPageComponent>;

/** A path of {@link PRERENDERED_PAGES}. */
export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** True when `pathname` is one of {@link PRERENDERED_PAGES}. */
export function isPrerenderedPath(pathname: string): pathname is PrerenderedPath {
  return Object.prototype.hasOwnProperty.call(PRERENDERED_PAGES, pathname);
}

/**
 * Loads the chunk of the prerendered page at `pathname` ahead of the first render, so that
 * hydration finds the page itself and not its Suspense fallback: main.tsx before hydrating,
 * prerender.tsx before rendering (decision 036). Resolves at once for any other path.
 *
 * @throws whatever the page's import throws (a chunk that failed to download, a timeout after
 *   LIMITS.lazyChunkTimeoutMs); callers hydrate anyway and the page's boundary shows the error.
 */
export function preloadPage(pathname: string): Promise<void> {
  return isPrerenderedPath(pathname) ? PRERENDERED_PAGES[pathname].preload() : Promise.resolve();
}
