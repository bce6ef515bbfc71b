import { notifications } from '@mantine/notifications';
import { LIMITS } from '@domino/contracts';

/** Toasts (docs/product.md §2 Global shell): success, error, warning, info; green, red, yellow, blue. */
const COLORS = { success: 'green', error: 'red', warning: 'yellow', info: 'blue' } as const;
type Kind = keyof typeof COLORS;

function show(kind: Kind, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: LIMITS.toastDurationMs,
    withBorder: true,
  });
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  info: (message: string, title?: string) => show('info', message, title),
};
