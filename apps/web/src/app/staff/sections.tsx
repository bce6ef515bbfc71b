import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  IconAdjustmentsDollar,
  IconAlertTriangle,
  IconBuildingBank,
  IconCards,
  IconCashBanknote,
  IconFileSpreadsheet,
  IconFlag,
  IconId,
  IconLayoutDashboard,
  IconListSearch,
  IconPlugConnected,
  IconTournament,
  IconTrophy,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { lazyPage, type LazyPageComponent } from '../lazy-page';

/**
 * The staff console's sections (docs/decisions/056-staff-section-registry.md): one entry per
 * section, in menu order. The router builds the /admin child routes from this list
 * (`staffRoutes`) and the staff layout its navigation, so a new staff page is its page file plus
 * one entry here. Every section is for role 'admin' (the layout sends anyone else to /dashboard).
 */
export interface StaffSection {
  /** Path under /admin without a leading slash ('recargas'); '' is the overview (/admin itself). */
  path: string;
  /** The Spanish label of the navigation entry. */
  label: string;
  /** The navigation icon (a Tabler icon, drawn at 18 px and hidden from screen readers). */
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** The page, lazily loaded: each page stays a chunk of its own. */
  page: LazyPageComponent;
  /**
   * Deeper routes that belong to this section and have no navigation entry of their own (a
   * player's page under Usuarios); the section stays marked active on them when they sit below
   * its path.
   */
  more?: readonly { path: string; page: LazyPageComponent }[];
}

const AdjustmentPage = lazyPage(
  () => import('../../features/staff-payments/pages/AdminAdjustmentPage'),
);

export const STAFF_SECTIONS: readonly StaffSection[] = [
  {
    path: '',
    label: 'Resumen',
    icon: IconLayoutDashboard,
    page: lazyPage(() => import('../../features/staff-oversight/pages/AdminOverviewPage')),
  },
  {
    path: 'recargas',
    label: 'Recargas',
    icon: IconWallet,
    page: lazyPage(() => import('../../features/staff-payments/pages/AdminRechargesPage')),
  },
  {
    path: 'conciliacion',
    label: 'Conciliación',
    icon: IconFileSpreadsheet,
    page: lazyPage(() => import('../../features/staff-payments/pages/AdminReconciliationPage')),
  },
  {
    path: 'retiros',
    label: 'Retiros',
    icon: IconCashBanknote,
    page: lazyPage(() => import('../../features/staff-payments/pages/AdminWithdrawalsPage')),
  },
  {
    path: 'identidad',
    label: 'Identidad',
    icon: IconId,
    page: lazyPage(() => import('../../features/staff-people/pages/AdminIdentityPage')),
  },
  {
    path: 'ajustes',
    label: 'Ajustes de saldo',
    icon: IconAdjustmentsDollar,
    page: AdjustmentPage,
    // Opened from a player's page with the player chosen (the nav then marks Usuarios).
    more: [{ path: 'usuarios/:id/ajuste', page: AdjustmentPage }],
  },
  {
    path: 'mesas',
    label: 'Mesas',
    icon: IconCards,
    page: lazyPage(() => import('../../features/staff-play/pages/AdminTablesPage')),
  },
  {
    path: 'reportes',
    label: 'Reportes',
    icon: IconFlag,
    page: lazyPage(() => import('../../features/staff-play/pages/AdminReportsPage')),
  },
  {
    path: 'riesgo',
    label: 'Riesgo',
    icon: IconAlertTriangle,
    page: lazyPage(() => import('../../features/staff-people/pages/AdminRiskPage')),
  },
  {
    path: 'pote',
    label: 'Pote',
    icon: IconTrophy,
    page: lazyPage(() => import('../../features/pot/pages/AdminPotPage')),
  },
  {
    path: 'torneos',
    label: 'Torneos',
    icon: IconTournament,
    page: lazyPage(() => import('../../features/staff-play/pages/AdminTournamentsPage')),
  },
  {
    path: 'usuarios',
    label: 'Usuarios',
    icon: IconUsers,
    page: lazyPage(() => import('../../features/staff-people/pages/AdminUsersPage')),
    more: [
      {
        path: 'usuarios/:id',
        page: lazyPage(() => import('../../features/staff-people/pages/AdminUserPage')),
      },
    ],
  },
  {
    path: 'bancos',
    label: 'Bancos',
    icon: IconBuildingBank,
    page: lazyPage(() => import('../../features/staff-payments/pages/AdminBanksPage')),
  },
  {
    path: 'conexiones-bancarias',
    label: 'Conexiones bancarias',
    icon: IconPlugConnected,
    page: lazyPage(() => import('../../features/staff-payments/pages/AdminBankConnectorsPage')),
  },
  {
    path: 'auditoria',
    label: 'Auditoría',
    icon: IconListSearch,
    page: lazyPage(() => import('../../features/staff-oversight/pages/AdminAuditPage')),
  },
  {
    path: 'informe',
    label: 'Informe diario',
    icon: IconFileSpreadsheet,
    page: lazyPage(() => import('../../features/staff-oversight/pages/AdminDailyReportPage')),
  },
];

/** The section's URL: '/admin' for the overview, '/admin/<path>' for the others. */
export function sectionHref(section: Pick<StaffSection, 'path'>): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}

/**
 * True when `pathname` belongs to `section`: the overview only on /admin itself (it would
 * otherwise match every section), any other section on its path and below it.
 */
export function isSectionActive(section: Pick<StaffSection, 'path'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const to = sectionHref(section);
  if (!section.path) return path === to;
  return path === to || path.startsWith(`${to}/`);
}

/**
 * The /admin child routes of `sections` (the router mounts them under the staff layout): the
 * overview as the index route, then every section's path and its deeper routes.
 */
export function staffRoutes(sections: readonly StaffSection[] = STAFF_SECTIONS): RouteObject[] {
  return sections.flatMap((section) => {
    const Page = section.page;
    const own: RouteObject = section.path
      ? { path: section.path, element: <Page /> }
      : { index: true, element: <Page /> };
    const more = (section.more ?? []).map(({ path, page: More }) => ({
      path,
      element: <More />,
    }));
    return [own, ...more];
  });
}
