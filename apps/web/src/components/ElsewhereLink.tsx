import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { elsewhereRefusal } from '../lib/place';

/**
 * Under an inline refusal: when the server refused because the player is somewhere else (409
 * `place/elsewhere`, docs/decisions/047-one-place-at-a-time.md), the button that leads there
 * ("Ir a la mesa", "Ir a Jugar ahora", "Ver el torneo"); nothing for any other error.
 */
export function ElsewhereLink({ error }: { error: unknown }) {
  const refusal = elsewhereRefusal(error);
  if (!refusal) return null;
  return (
    <Button
      component={Link}
      to={refusal.to}
      size="compact-sm"
      variant="light"
      color="red"
      mt={6}
      data-testid="place-elsewhere-go"
    >
      {refusal.label}
    </Button>
  );
}
