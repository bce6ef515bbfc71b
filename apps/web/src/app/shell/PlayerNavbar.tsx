import {
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Indicator,
  Menu,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCards,
  IconChevronDown,
  IconDeviceGamepad2,
  IconHistory,
  IconLogout,
  IconMailOpened,
  IconReceipt,
  IconShieldLock,
  IconTournament,
  IconTrophy,
  IconUser,
  IconUsers,
  IconWallet,
  IconCashBanknote,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '@domino/contracts';
import { HEADER_ACTIONS_ID } from '../../components/header-actions';
import { UsdApprox } from '../../components/UsdApprox';
import { displayName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { BalanceBadge } from './BalanceBadge';
import { InvitationsBell, LiveInvitations, invitationsLabel } from './InvitationsBell';
import { useInvitations } from '../../lib/friends';
import { Brand } from './Brand';
import { MenuBurger } from './MenuBurger';
import { LiveTournamentCalls } from './LiveTournamentCalls';
import { ADMIN_LINK, PLAY_LINKS, PLAYER_LINKS } from './nav-items';
import { useLogout } from './use-logout';
import classes from './Navbar.module.css';

const PLAYER_ICONS: Record<string, React.ReactNode> = {
  '/dashboard': <IconCards size={16} aria-hidden />,
  '/games': <IconDeviceGamepad2 size={16} aria-hidden />,
  '/amigos': <IconUsers size={16} aria-hidden />,
  '/torneos': <IconTournament size={16} aria-hidden />,
  '/profile': <IconUser size={16} aria-hidden />,
  '/recharge': <IconWallet size={16} aria-hidden />,
  '/withdraw': <IconCashBanknote size={16} aria-hidden />,
  '/transactions': <IconReceipt size={16} aria-hidden />,
  '/pote': <IconTrophy size={16} aria-hidden />,
  '/history': <IconHistory size={16} aria-hidden />,
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? 'U') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/**
 * The navbar of a signed-in player (docs/product.md §2 Global shell): play links, live
 * invitations and tournament calls, the balance and the account menu; a burger and a drawer on
 * phones. Loaded only once a session exists (Navbar.tsx, decision 036): visitors' pages do not
 * download the socket client and the menus it needs.
 */
export default function PlayerNavbar() {
  const { token, user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { logout, loggingOut } = useLogout();
  // Pending invitations: a dot on the phone's burger and an entry in its menu (decision 024).
  const invitations = useInvitations(Boolean(token)).data?.length ?? 0;

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Brand to="/dashboard" />
          <Group gap="sm" wrap="nowrap">
            <Group gap={4} visibleFrom="md" component="nav" aria-label="Jugar">
              {PLAY_LINKS.map((link) => (
                <UnstyledButton
                  key={link.to}
                  component={Link}
                  to={link.to}
                  className={classes.link}
                  data-testid={`nav-play-${link.to.slice(1)}`}
                >
                  {link.label}
                </UnstyledButton>
              ))}
            </Group>
            {user && <LiveInvitations />}
            {user && <LiveTournamentCalls />}
            {user && (
              <Box visibleFrom="sm">
                <InvitationsBell />
              </Box>
            )}
            {user && <BalanceBadge balance={user.balance} />}
            <Box visibleFrom="sm">
              <UserMenu user={user} onLogout={logout} loggingOut={loggingOut} />
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <div id={HEADER_ACTIONS_ID} className={classes.actions} />
            <Indicator
              disabled={invitations === 0}
              color="red"
              size={9}
              offset={4}
              hiddenFrom="sm"
              data-testid="menu-invitations-dot"
            >
              <MenuBurger opened={opened} onClick={toggle} />
            </Indicator>
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(320px, 85vw)"
        title={displayName(user)}
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
        hiddenFrom="sm"
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Stack gap={2} component="nav" aria-label="Mi cuenta">
          {user && <UsdApprox balance={user.balance} px="sm" pb="xs" testId="menu-usd-approx" />}
          {[...PLAY_LINKS, ...PLAYER_LINKS].map((link) => (
            <MantineNavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={PLAYER_ICONS[link.to]}
              onClick={close}
            />
          ))}
          <MantineNavLink
            component={Link}
            to="/amigos"
            label={invitationsLabel(0)}
            aria-label={invitationsLabel(invitations)}
            leftSection={<IconMailOpened size={16} aria-hidden />}
            rightSection={
              invitations > 0 ? (
                <Badge size="sm" color="red" circle>
                  {invitations}
                </Badge>
              ) : null
            }
            onClick={close}
            data-testid="menu-invitations"
          />
          {user?.rol === 'admin' && (
            <MantineNavLink
              component={Link}
              to={ADMIN_LINK.to}
              label={ADMIN_LINK.label}
              leftSection={<IconShieldLock size={16} aria-hidden />}
              onClick={close}
            />
          )}
          <Divider my="sm" />
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={loggingOut}
            onClick={() => {
              close();
              void logout();
            }}
          >
            Cerrar Sesión
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}

/** An entry of the account menu: a link with its icon. */
function menuLink(link: { to: string; label: string }) {
  return (
    <Menu.Item key={link.to} component={Link} to={link.to} leftSection={PLAYER_ICONS[link.to]}>
      {link.label}
    </Menu.Item>
  );
}

function UserMenu({
  user,
  onLogout,
  loggingOut,
}: {
  user: User | null;
  onLogout: () => Promise<void>;
  loggingOut: boolean;
}) {
  const name = displayName(user);
  return (
    // The avatar sits beside the button, not in it: its initials would be visible text missing
    // from the button's name "Menú de …" (axe-core label-content-name-mismatch, decision 044).
    <Group gap={6} wrap="nowrap">
      <Avatar
        size={30}
        radius="xl"
        color="gold"
        variant="filled"
        src={user?.avatar_url ?? null}
        alt=""
        aria-hidden
      >
        {initials(name)}
      </Avatar>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.userButton} aria-label={`Menú de ${name}`}>
            <Group gap={8} wrap="nowrap">
              <Text fw={600} fz="sm" c="white" truncate maw={160}>
                {name}
              </Text>
              <IconChevronDown size={14} color="var(--mantine-color-gold-3)" aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fz="xs" c="dimmed" truncate>
              {user?.email ?? name}
            </Text>
            {user && <UsdApprox balance={user.balance} testId="menu-usd-approx" />}
          </Menu.Label>
          {PLAY_LINKS.map(menuLink)}
          <Menu.Divider />
          {PLAYER_LINKS.map(menuLink)}
          {user?.rol === 'admin' && (
            <Menu.Item
              component={Link}
              to={ADMIN_LINK.to}
              leftSection={<IconShieldLock size={16} aria-hidden />}
            >
              {ADMIN_LINK.label}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={loggingOut}
            onClick={() => void onLogout()}
          >
            Cerrar Sesión
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
