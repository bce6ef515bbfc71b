import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TOURNAMENT_PAGES } from '@domino/contracts';

/** The "← Torneos" link above a tournament's and a duplicate set's page, back to the list. */
export function BackToTournaments() {
  return (
    <Anchor
      component={Link}
      to={TOURNAMENT_PAGES.list}
      fz="sm"
      mb="xs"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden /> Torneos
    </Anchor>
  );
}
