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
import { IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { isSectionActive, sectionHref, STAFF_SECTIONS, type StaffSection } from './sections';

/** A section's navigation icon (18 px, decorative: the label says it). */
function SectionIcon({ section }: { section: StaffSection }) {
  const Icon = section.icon;
  return <Icon size={18} aria-hidden />;
}

/** Keeps the active pill visible when the pill row scrolls sideways on phones. */
function scrollIntoViewOnce(node: HTMLElement | null): void {
  node?.scrollIntoView({ block: 'nearest', inline: 'center' });
}

/**
 * The staff console layout (/admin/*): a sidebar on wide screens, scrollable tabs on phones, and the
 * section's page; both lists come from STAFF_SECTIONS (sections.tsx, decision 056). Only role 'admin' may enter; anyone else goes to /dashboard. (Visitors never get
 * here: the login guard around it sends them to /login?redirect=...)
 */
export default function StaffLayout() {
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
          {STAFF_SECTIONS.map((s) => {
            const active = isSectionActive(s, pathname);
            return (
              <Box
                key={s.path}
                component={Link}
                to={sectionHref(s)}
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
                <SectionIcon section={s} />
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
            {STAFF_SECTIONS.map((s) => (
              <NavLink
                key={s.path}
                component={Link}
                to={sectionHref(s)}
                label={s.label}
                leftSection={<SectionIcon section={s} />}
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
