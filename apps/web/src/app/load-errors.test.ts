import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from '../lib/timing';
import { ChunkLoadError, classifyImportFailure, isChunkLoadError } from './load-errors';

describe('telling a failed download from a code error', () => {
  it('counts failed dynamic imports of every browser and a time-out as the connection', async () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/LoginPage-abc.js',
      'error loading dynamically imported module: http://x/assets/LoginPage-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/LoginPage-abc.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    const late = await withTimeout(new Promise(() => undefined), 5).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(TimeoutError);
    expect(isChunkLoadError(late)).toBe(true);
  });

  it('never blames the connection for an error thrown by our code', () => {
    // The "Recordarme" crash: React had already cleared the event's currentTarget.
    const crash = new TypeError("Cannot read properties of null (reading 'checked')");
    expect(isChunkLoadError(crash)).toBe(false);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('wraps download failures once and passes code errors through unchanged', () => {
    const network = new TypeError('Failed to fetch dynamically imported module: /a.js');
    const wrapped = classifyImportFailure(network);
    expect(wrapped).toBeInstanceOf(ChunkLoadError);
    expect((wrapped as ChunkLoadError).cause).toBe(network);
    expect(classifyImportFailure(wrapped)).toBe(wrapped);
    const crash = new ReferenceError('x is not defined');
    expect(classifyImportFailure(crash)).toBe(crash);
  });
});
