import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MSG } from '@domino/contracts';

/** Last-resort error screen for an unexpected render error anywhere in the route tree. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected route error', error);
  }, [error]);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Error</Title>
        <Text>{MSG.unexpected}</Text>
        <Button component="a" href="/">
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
