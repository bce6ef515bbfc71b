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

/** A lazily loaded page, with a way to load it ahead of its first render. */
export type LazyPageComponent = ComponentType & {
  /**
   * Loads the page's chunk now; once it has resolved, the page renders at once (no suspension
   * and no spinner). Used for the prerendered landing (main.tsx, decision 011).
   */
  preload(): Promise<void>;
};

/**
 * A route element that loads its page chunk lazily (React.lazy). When the chunk fails or takes
 * longer than LIMITS.lazyChunkTimeoutMs, it shows MSG.pageLoadError with a 'Reintentar' button that
 * starts a fresh import. After `preload()` has resolved, it renders the page directly.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPageComponent {
  const make = () => lazy(() => withTimeout(load(), LIMITS.lazyChunkTimeoutMs));
  let Page = make();
  let loaded: ComponentType | null = null;

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount the page and lose its state.
    const [Current] = useState<ComponentType>(() => loaded ?? Page);
    const retry = () => {
      Page = make();
      setAttempt((n) => n + 1);
    };
    return (
      <PageLoadBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageSpinner />}>{attempt === 0 ? <Current /> : <Page />}</Suspense>
      </PageLoadBoundary>
    );
  }
  LazyPage.preload = async () => {
    loaded = (await withTimeout(load(), LIMITS.lazyChunkTimeoutMs)).default;
  };
  return LazyPage;
}
