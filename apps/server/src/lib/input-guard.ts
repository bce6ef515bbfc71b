import type { FastifyInstance } from 'fastify';
import { INPUT_CODES, MSG_INPUT, hasForbiddenCharacters } from '@domino/contracts';
import { AppError } from './errors';
import { readMultipartBody } from './multipart';

/**
 * The one place where input characters are checked (decision 014). A NUL
 * (`\u0000`) or a lone UTF-16 surrogate in any path parameter, query key or value, JSON body key
 * or value (at any depth), multipart field or file name is refused with 422
 * `input/invalid_characters` before validation, hashing or any database access: PostgreSQL text
 * refuses NUL and jsonb refuses a lone surrogate's escape, which used to surface as a 500.
 * Socket.IO messages go through the same check (modules/realtime/socket.ts).
 */

/**
 * The path (`body.name`, `query.q`, `params.id`...) of the first string, or object key, that
 * holds a forbidden character; null when there is none. Walks arrays and plain objects
 * iteratively (a deeply nested body cannot overflow the stack); skips binary data (Buffers).
 */
export function findForbiddenCharacters(value: unknown, root = ''): string | null {
  return findAllForbiddenCharacters(value, root, 1)[0] ?? null;
}

/** Every path (at most `limit`) holding a forbidden character, in document order. */
export function findAllForbiddenCharacters(value: unknown, root = '', limit = 20): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && found.length < limit) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) found.push(path);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], `${path}[${i}]`]);
      continue;
    }
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      const childPath = path ? `${path}.${key}` : key;
      if (hasForbiddenCharacters(key)) found.push(childPath);
      else stack.push([child, childPath]);
    }
  }
  return found;
}

/** The 422 for forbidden characters, with an error on each top-level field that carried one. */
export function invalidCharactersError(paths: string[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const path of paths) {
    const field = /^(?:body|query|params)\.([^.[]+)/.exec(path)?.[1] ?? '_';
    errors[field] = [MSG_INPUT.invalidCharacters];
  }
  return new AppError(INPUT_CODES.invalidCharacters, 422, MSG_INPUT.invalidCharacters, errors);
}

/**
 * Installs the guard on `app` (call at the root, before any route is registered): a
 * preValidation hook that reads a multipart body (lib/multipart.ts) and then checks params,
 * query and body. Runs after authentication (onRequest) and body parsing, before the route's
 * schema validation and handler.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartBody(request);
    const found = findAllForbiddenCharacters(
      { params: request.params, query: request.query, body: request.body },
      '',
    );
    if (found.length > 0) throw invalidCharactersError(found);
  });
}

/**
 * Socket.IO middleware (`socket.use`) with the same check for every client message: a message
 * whose arguments carry NUL or a lone surrogate is dropped, and its acknowledgement (if any)
 * answers `{ok: false, code: 'input/invalid_characters', message}` in Spanish.
 */
export function socketInputGuard(packet: unknown[], next: (err?: Error) => void): void {
  const args = packet.slice(1);
  const ack = args.at(-1);
  if (findForbiddenCharacters(args.filter((a) => typeof a !== 'function')) === null) return next();
  if (typeof ack === 'function')
    (ack as (reply: unknown) => void)({
      ok: false,
      code: INPUT_CODES.invalidCharacters,
      message: MSG_INPUT.invalidCharacters,
    });
}
