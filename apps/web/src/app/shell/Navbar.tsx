import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Badge, Box, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { HEADER_ACTIONS_ID } from '../../components/header-actions';
import { useSession } from '../../lib/session';
import { Brand } from './Brand';
import { MenuBurger } from './MenuBurger';
import { VISITOR_LINKS } from './nav-items';
import classes from './Navbar.module.css';

// Decision 036: what only a signed-in player or an open menu needs is loaded when it is needed, so
// the first load of a visitor's page (the landing, /login, /register...) carries neither the
// player's navbar (socket client, invitations, menus) nor the drawer.
const PlayerNavbar = lazy(() =>
  import('./PlayerNavbar').catch(() => ({ default: () => <NavbarFrame brandTo="/dashboard" /> })),
);
// A drawer whose chunk cannot be downloaded opens nothing (the page's links still work).
type VisitorDrawerProps = { opened: boolean; onClose: () => void };
const VisitorDrawer = lazy<ComponentType<VisitorDrawerProps>>(() =>
  import('./VisitorDrawer').catch(() => ({ default: () => null })),
);

/**
 * Navbar (docs/product.md §2 Global shell): visitor links or, with a session, the player's
 * navbar (PlayerNavbar.tsx: balance and menu); burger on phones.
 */
export function Navbar() {
  const { token } = useSession();
  if (!token) return <VisitorNavbar />;
  return (
    // While the player's navbar loads (or if its chunk cannot be downloaded): the bar itself with
    // the brand, at its full height, so nothing under it moves.
    <Suspense fallback={<NavbarFrame brandTo="/dashboard" />}>
      <PlayerNavbar />
    </Suspense>
  );
}

/** The empty bar: brand only, at the navbar's height. */
function NavbarFrame({ brandTo }: { brandTo: string }) {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Brand to={brandTo} />
        </Group>
      </Container>
    </Box>
  );
}

/** A visitor's navbar: the landing's sections, login and registration; the drawer on phones. */
function VisitorNavbar() {
  const [opened, setOpened] = useState(false);
  // The drawer's code is fetched at the first tap on the burger and kept afterwards.
  const [wanted, setWanted] = useState(false);
  const close = () => setOpened(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Brand to="/" />
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Principal">
            {VISITOR_LINKS.map((link) => (
              <UnstyledButton key={link.to} component={Link} to={link.to} className={classes.link}>
                {link.label}
                {'badge' in link && (
                  <Badge size="xs" color="gold" variant="filled" ml={6} c="dark.9">
                    {link.badge}
                  </Badge>
                )}
              </UnstyledButton>
            ))}
          </Group>
          <Group gap="xs" visibleFrom="md" wrap="nowrap">
            <Button component={Link} to="/login" variant="outline" color="gold.3">
              Iniciar Sesión
            </Button>
            <Button component={Link} to="/register" color="gold.5" c="dark.9">
              Registro
            </Button>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <div id={HEADER_ACTIONS_ID} className={classes.actions} />
            <Box hiddenFrom="md">
              <MenuBurger
                opened={opened}
                onClick={() => {
                  setWanted(true);
                  setOpened((o) => !o);
                }}
              />
            </Box>
          </Group>
        </Group>
      </Container>
      {wanted && (
        <Suspense fallback={null}>
          <VisitorDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
