import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';
import { AppLayout } from './shell/AppLayout';

const LandingPage = lazyPage(() => import('../features/landing/pages/LandingPage'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/NotFoundPage'));
const CasinoPage = lazyPage(() => import('../features/games/pages/CasinoPage'));
const GamePage = lazyPage(() => import('../features/game/pages/GamePage'));
const VerifyPage = lazyPage(() => import('../features/verify/pages/VerifyPage'));

/**
 * The route table (spec §2). Pages that later issues build are registered with their guards and
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
          { path: '/forgot-password', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/games', element: <CasinoPage /> },
          { path: '/games/:gameId', element: <GamePage /> },
          { path: '/recharge', element: <NotFoundPage /> },
          { path: '/withdraw', element: <NotFoundPage /> },
          { path: '/transactions', element: <NotFoundPage /> },
          { path: '/profile', element: <NotFoundPage /> },
          { path: '/waiting-room/:tableId', element: <NotFoundPage /> },
          { path: '/pote', element: <NotFoundPage /> },
          { path: '/history', element: <NotFoundPage /> },
        ],
      },
      { path: '/verificar', element: <VerifyPage /> },
      { path: '/privacy', element: <NotFoundPage /> },
      { path: '/terms', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
