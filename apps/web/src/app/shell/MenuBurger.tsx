import { Burger } from '@mantine/core';

/** The navbar's menu button on phones (visitor and player navbars): opens and closes the drawer. */
export function MenuBurger({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  return (
    <Burger
      opened={opened}
      onClick={onClick}
      color="var(--mantine-color-gold-3)"
      aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
      size="sm"
    />
  );
}
