import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MSG, MSG_FIRSTDAY } from '@domino/contracts';
import { isChunkLoadError } from './load-errors';

/**
 * Last-resort error screen for an error anywhere in the route tree outside a page's own boundary
 * (the shell, a route's lazy code). A download failure asks to reload (the connection); anything
 * else is our code and says so, never blaming the connection (decision 017).
 */
export function RouteError() {
  const error = useRouteError();
  const download = isChunkLoadError(error);
  useEffect(() => {
    console.error('Unexpected route error', error);
  }, [error]);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center" data-testid="route-error">
        <Title order={1}>{download ? 'Error' : MSG_FIRSTDAY.pageRenderErrorTitle}</Title>
        <Text>{download ? MSG.pageLoadError : MSG.unexpected}</Text>
        {download ? (
          <Button onClick={() => window.location.reload()}>Reintentar</Button>
        ) : (
          <Button component="a" href="/">
            Volver al inicio
          </Button>
        )}
      </Stack>
    </Container>
  );
}
