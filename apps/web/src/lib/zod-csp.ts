/**
 * The `zod` the web build uses (vite.config.ts aliases the bare specifier here): zod itself,
 * with its JIT turned off first. The app's Content-Security-Policy forbids eval, and zod 4 probes
 * `new Function` when it builds an object schema to compile faster parsers; under the CSP the
 * probe fails quietly but the browser reports a violation on every page load. Because every
 * module that builds a schema imports `zod`, this module's body runs before the first schema.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
