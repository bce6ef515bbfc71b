import { Alert, Container } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { MSG } from '@domino/contracts';
import { dismissExpired, useSession } from '../../lib/session';

/** The dismissible session-expired banner (docs/product.md §2 Global shell), or why the session ended. */
export function SessionExpiredBanner() {
  const { expired, expiredMessage } = useSession();
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
        {expiredMessage ?? MSG.sessionExpired}
      </Alert>
    </Container>
  );
}
