import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
} from '@mantine/core';
import { Link } from 'react-router';
import { VISITOR_LINKS } from './nav-items';

/**
 * The phone menu of a visitor's navbar (docs/product.md §2 Global shell): the landing's sections,
 * login and registration. Loaded at the first tap on the burger (Navbar.tsx, decision 036).
 */
export default function VisitorDrawer({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title="Menú"
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      hiddenFrom="md"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap={2} component="nav" aria-label="Principal">
        {VISITOR_LINKS.map((link) => (
          <MantineNavLink
            key={link.to}
            component={Link}
            to={link.to}
            onClick={onClose}
            label={
              <Group gap={6}>
                {link.label}
                {'badge' in link && (
                  <Badge size="xs" color="gold" c="dark.9">
                    {link.badge}
                  </Badge>
                )}
              </Group>
            }
          />
        ))}
        <Divider my="sm" />
        <Button component={Link} to="/login" variant="outline" onClick={onClose}>
          Iniciar Sesión
        </Button>
        <Button component={Link} to="/register" mt="xs" onClick={onClose}>
          Registro
        </Button>
      </Stack>
    </Drawer>
  );
}
