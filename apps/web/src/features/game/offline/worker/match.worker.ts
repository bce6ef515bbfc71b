import { createSession } from '../lib/session';
import { idbMatchStore } from '../lib/storage';
import type { FromWorker, ToWorker } from '../lib/protocol';

/**
 * The offline practice match's Web Worker (docs/decisions/041): the engine and the CPU players
 * run here, off the page's main thread (a Difícil move searches for up to a few hundred
 * milliseconds). A thin shell: the protocol lives in lib/session.ts.
 */

/** The part of the worker's global scope used here (the app compiles against the DOM lib). */
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

const session = createSession({
  post: (message) => scope.postMessage(message),
  store: idbMatchStore,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  randomHex,
  random: Math.random,
  now: Date.now,
});

scope.onmessage = (event) => {
  session.receive(event.data).catch(() => scope.postMessage({ type: 'failed', reason: 'engine' }));
};
