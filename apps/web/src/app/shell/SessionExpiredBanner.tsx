import { Alert, Container } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { MSG } from '@domino/contracts';
import { dismissExpired, useSession } from '../../lib/session';

/** The dismissible session-expired banner (spec §2 Global shell). */
export function SessionExpiredBanner() {
  const { expired } = useSession();
  if (!expired) return null;
  return (
    <Container size="lg" pt="md" w="100%">
      <Alert
        color="yellow"
        variant="light"
        role="alert"
        icon={<IconClockExclamation aria-hidden />}
        withCloseButton
        closeButtonLabel="Cerrar aviso"
        onClose={dismissExpired}
      >
        {MSG.sessionExpired}
      </Alert>
    </Container>
  );
}
