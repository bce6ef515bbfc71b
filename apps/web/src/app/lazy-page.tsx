import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { LIMITS, MSG, MSG_FIRSTDAY } from '@domino/contracts';
import { withTimeout } from '../lib/timing';
import { classifyImportFailure, isChunkLoadError } from './load-errors';

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

/** What went wrong: null while the page is fine. */
type Failure = 'download' | 'render' | null;

/**
 * Catches what goes wrong under one page: a chunk that could not be downloaded (the connection:
 * MSG.pageLoadError, 'Reintentar' downloads it again) or an error thrown by the page itself (our
 * code: MSG_FIRSTDAY.pageRenderError, never blamed on the connection; 'Reintentar' renders it
 * again and 'Ir al inicio' leaves it). Decision 017.
 */
class PageLoadBoundary extends Component<BoundaryProps, { failure: Failure }> {
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: isChunkLoadError(error) ? 'download' : 'render' };
  }

  override componentDidCatch(error: unknown): void {
    console.error(isChunkLoadError(error) ? 'Page failed to load' : 'Page failed to render', error);
  }

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    const download = failure === 'download';
    return (
      <Container size="sm" py="xl">
        <Alert
          color={download ? 'red' : 'orange'}
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={download ? 'Error' : MSG_FIRSTDAY.pageRenderErrorTitle}
          role="alert"
          data-testid="page-error"
          data-failure={failure}
        >
          <Stack gap="sm" align="flex-start">
            {download ? MSG.pageLoadError : MSG_FIRSTDAY.pageRenderError}
            <Group gap="xs">
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                variant="filled"
                color={download ? 'red' : 'orange'}
                onClick={this.props.onRetry}
              >
                Reintentar
              </Button>
              {!download && (
                // A full navigation: whatever broke in this page's state is left behind.
                <Button component="a" href="/" variant="default">
                  Ir al inicio
                </Button>
              )}
            </Group>
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
 * A route element that loads its page chunk lazily (React.lazy). When the chunk cannot be
 * downloaded or takes longer than LIMITS.lazyChunkTimeoutMs, it shows MSG.pageLoadError with a
 * 'Reintentar' button that starts a fresh import; when the page throws (while its module runs or
 * while it renders), MSG_FIRSTDAY.pageRenderError (load-errors.ts tells the two apart). After
 * `preload()` has resolved, it renders the page directly.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPageComponent {
  const make = () =>
    lazy(() =>
      withTimeout(load(), LIMITS.lazyChunkTimeoutMs).catch((error: unknown) => {
        throw classifyImportFailure(error);
      }),
    );
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
