import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { LIMITS, MSG } from '@domino/contracts';
import { withTimeout } from '../lib/timing';

type PageModule = { default: ComponentType };

export function PageSpinner() {
  return (
    <Center py={80} aria-busy="true">
      <Loader color="felt" type="dots" />
    </Center>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class PageLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Error"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            {MSG.pageLoadError}
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              variant="filled"
              color="red"
              onClick={this.props.onRetry}
            >
              Reintentar
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
}

/**
 * A route element that loads its page chunk lazily (React.lazy). When the chunk fails or takes
 * longer than LIMITS.lazyChunkTimeoutMs, it shows MSG.pageLoadError with a 'Reintentar' button that
 * starts a fresh import.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  const make = () => lazy(() => withTimeout(load(), LIMITS.lazyChunkTimeoutMs));
  let Page = make();

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page = make();
      setAttempt((n) => n + 1);
    };
    return (
      <PageLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </PageLoadBoundary>
    );
  }
  return LazyPage;
}
