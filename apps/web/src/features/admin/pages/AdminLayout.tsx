import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Container,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconAlertTriangle,
  IconBuildingBank,
  IconCards,
  IconCashBanknote,
  IconFileSpreadsheet,
  IconLayoutDashboard,
  IconFlag,
  IconId,
  IconListSearch,
  IconPlugConnected,
  IconShieldLock,
  IconTournament,
  IconTrophy,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { ADMIN_SECTIONS, isSectionActive, type AdminSection } from '../lib/admin';

const ICONS: Record<AdminSection['icon'], ReactNode> = {
  overview: <IconLayoutDashboard size={18} aria-hidden />,
  recharges: <IconWallet size={18} aria-hidden />,
  reconciliation: <IconFileSpreadsheet size={18} aria-hidden />,
  withdrawals: <IconCashBanknote size={18} aria-hidden />,
  identity: <IconId size={18} aria-hidden />,
  adjustments: <IconAdjustmentsDollar size={18} aria-hidden />,
  tables: <IconCards size={18} aria-hidden />,
  pot: <IconTrophy size={18} aria-hidden />,
  tournaments: <IconTournament size={18} aria-hidden />,
  users: <IconUsers size={18} aria-hidden />,
  banks: <IconBuildingBank size={18} aria-hidden />,
  audit: <IconListSearch size={18} aria-hidden />,
  reports: <IconFlag size={18} aria-hidden />,
  daily: <IconFileSpreadsheet size={18} aria-hidden />,
  risk: <IconAlertTriangle size={18} aria-hidden />,
  bankConnectors: <IconPlugConnected size={18} aria-hidden />,
};

/**
 * The staff console layout (/admin/*): a sidebar on wide screens, scrollable tabs on phones, and the
 * section's page. Only role 'admin' may enter; anyone else goes to /dashboard. (Visitors never get
 * here: the login guard around it sends them to /login?redirect=...)
 */
/** Keeps the active pill visible when the pill row scrolls sideways on phones. */
function scrollIntoViewOnce(node: HTMLElement | null): void {
  node?.scrollIntoView({ block: 'nearest', inline: 'center' });
}

export default function AdminLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.rol !== 'admin') return <Navigate to="/dashboard" replace />;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} data-testid="admin-layout">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconShieldLock size={26} color="var(--mantine-color-felt-7)" aria-hidden />
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          Panel de administración
        </Title>
        <Badge color="gold" c="dark.9" variant="filled" visibleFrom="xs">
          Personal
        </Badge>
      </Group>

      {/* Phones and tablets: the sections as scrollable pills. */}
      <ScrollArea type="never" hiddenFrom="md" mb="md">
        <Group gap={6} wrap="nowrap" component="nav" aria-label="Secciones de administración">
          {ADMIN_SECTIONS.map((s) => {
            const active = isSectionActive(s, pathname);
            return (
              <Box
                key={s.to}
                component={Link}
                to={s.to}
                ref={active ? scrollIntoViewOnce : undefined}
                aria-current={active ? 'page' : undefined}
                px="sm"
                py={6}
                style={{
                  borderRadius: 999,
                  whiteSpace: 'nowrap',
                  textDecoration: 'none',
                  fontSize: 'var(--mantine-font-size-sm)',
                  fontWeight: 600,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 6,
                  color: active ? 'white' : 'var(--mantine-color-felt-8)',
                  background: active
                    ? 'var(--mantine-color-felt-7)'
                    : 'var(--mantine-color-felt-0)',
                }}
              >
                {ICONS[s.icon]}
                {s.label}
              </Box>
            );
          })}
        </Group>
      </ScrollArea>

      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper withBorder radius="lg" p="xs" w={230} visibleFrom="md" style={{ flexShrink: 0 }}>
          <Stack gap={2} component="nav" aria-label="Secciones de administración">
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt={4} pb={6}>
              Secciones
            </Text>
            {ADMIN_SECTIONS.map((s) => (
              <NavLink
                key={s.to}
                component={Link}
                to={s.to}
                label={s.label}
                leftSection={ICONS[s.icon]}
                active={isSectionActive(s, pathname)}
                aria-current={isSectionActive(s, pathname) ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </Container>
  );
}
