/**
 * Loading the tab's socket client (lib/socket.ts) from the entry, which does not include it
 * (decision 036): the socket client is a chunk of its own, shared with the player's screens.
 */
import type * as SocketClient from './socket';

let loading: Promise<typeof SocketClient> | null = null;

/**
 * Starts downloading the socket client now (idempotent), so that it is ready when the session
 * starts: the login and registration forms call it as they submit, in parallel with the request.
 * Resolves to the module; a failed download is retried at the next call.
 */
export function loadSocketClient(): Promise<typeof SocketClient> {
  loading ??= import('./socket').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Opens the tab's socket for the signed-in session as soon as the client is loaded (the session
 * manager, at the start of every session): the server's notice that the session ended (decision
 * 012) must reach this tab even before a screen opens a channel. A client that cannot be
 * downloaded leaves it to the screens and to the periodic session check.
 */
export function connectUserSocketSoon(): void {
  loadSocketClient().then(
    (m) => m.connectUserSocket(),
    () => undefined,
  );
}
