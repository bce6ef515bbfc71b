import { TimeoutError } from '../lib/timing';

/**
 * Telling a page that could not be downloaded from a page that broke while rendering (decision 017:
 * ticking "Recordarme" threw a TypeError in the login page, and the screen blamed the player's
 * connection). Only the first is the connection's fault; the second is our code and gets its own
 * message (MSG_FIRSTDAY.pageRenderError). Pure, so it is unit-tested without a browser.
 */

/** A page chunk that could not be fetched, or did not arrive in time. `cause` is the original. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * How browsers and Vite word a failed dynamic import (the network or a stale deployment): Chromium
 * "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported
 * module", Safari "Importing a module script failed.", Vite's preload helper "Unable to preload
 * CSS for ...". A module that downloads and then throws while evaluating is none of these.
 */
const CHUNK_FAILURES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

/** Whether `error` means a page's code could not be downloaded (as opposed to a code error). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError || error instanceof TimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return CHUNK_FAILURES.some((pattern) => pattern.test(error.message));
}

/**
 * A lazy import's rejection as the boundary should see it: download failures and time-outs become
 * a ChunkLoadError; anything else (a module that threw while evaluating) passes through unchanged.
 */
export function classifyImportFailure(error: unknown): unknown {
  if (error instanceof ChunkLoadError || !isChunkLoadError(error)) return error;
  return new ChunkLoadError(error);
}
