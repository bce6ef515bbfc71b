import { MSG, type FieldErrors } from '@domino/contracts';
import type { z } from 'zod';
import { deviceId, readToken } from './storage';

/**
 * The one HTTP client of the web app (docs/product.md §7, docs/product.md §7). Same origin: every path starts with
 * `/api`. Each request sends Accept JSON, `X-Requested-With: XMLHttpRequest`, a JSON content type
 * with a JSON body (never without a body: a bodiless POST such as /api/logout has none, decision 012)
 * and, when a token is stored, `Authorization: Bearer <token>`. Failures become an ApiError whose
 * `message` is already the Spanish text to show.
 */

/** Status 0 means there was no response at all (network failure). */
export const NO_RESPONSE = 0;

export class ApiError extends Error {
  /** HTTP status, or NO_RESPONSE. */
  readonly status: number;
  /** The parsed JSON body, the raw text when it was not JSON, or null. */
  readonly body: unknown;
  /** The namespaced error code of a `{message, code}` body (e.g. `auth/email_taken`). */
  readonly code: string | undefined;
  /** Field errors of a 422 body (`errors: {field: [msg]}`), empty otherwise. */
  readonly fieldErrors: FieldErrors;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
    this.fieldErrors = readFieldErrors(body);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const list = Array.isArray(value) ? value : [value];
    const messages = list.filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length > 0) out[field] = messages;
  }
  return out;
}

/** The server's `message` when the body carries a non-empty one. */
export function serverMessage(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message.trim() !== ''
    ? body.message
    : undefined;
}

/**
 * The text shown for a failed response (docs/product.md §8): the server message, else
 * 'Error del servidor: {status} {text}' (5xx without a message, HTML error pages, empty bodies).
 */
export function errorMessageFor(status: number, statusText: string, body: unknown): string {
  return serverMessage(body) ?? MSG.serverError(status, statusText).trim();
}

/** Lists (a bare array or under `data`, `games`, `tables`): the contracts' reading. */
export { normaliseList } from '@domino/contracts';

/** Told the token the request carried and the 401's parsed body (null when it had none). */
type UnauthorizedListener = (token: string, body: unknown) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Registers the session-invalid flow: called when an authenticated request (one that carried the
 * stored token) gets a 401, with that token and the answer's body (`auth/session_ended` carries the
 * reason, docs/decisions/012-sessions-end-everywhere.md). Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body is sent as multipart (the browser sets its Content-Type); anything else as JSON. */
  body?: unknown;
  /** Extra headers (e.g. `Idempotency-Key`, or an `Accept` other than JSON). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * When false a 401 does not start the session-invalid flow (used by the logout call, whose
   * failure is handled by the caller). Default true.
   */
  invalidateOn401?: boolean;
}

/**
 * Sends one request and returns the 2xx response (its body unread). `Content-Type:
 * application/json` goes only with a JSON body; a FormData body gets the browser's multipart type.
 * @throws ApiError with status NO_RESPONSE and MSG.networkError when the server is unreachable,
 *   or with the response status and the message of `errorMessageFor` for a non-2xx response.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const token = readToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Device-Id': deviceId(),
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NO_RESPONSE, null, MSG.networkError);
  }

  if (!response.ok) {
    const text = await readBody(response, options.signal);
    const parsed = parseText(text);
    if (response.status === 401 && token && options.invalidateOn401 !== false) {
      for (const listener of [...unauthorizedListeners]) listener(token, parsed);
    }
    throw new ApiError(
      response.status,
      parsed,
      errorMessageFor(response.status, response.statusText, parsed),
    );
  }
  return response;
}

/**
 * The body's text. A read cut short by the caller's own abort (react-query cancels a query when
 * its screen goes away) rethrows the AbortError: it is not an empty answer, and must never be
 * checked against a schema (that logged "Unexpected API response shape … null" for real answers).
 * Any other failure to read is an empty body.
 */
async function readBody(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    return '';
  }
}

/** A response text as JSON, the raw text when it is not JSON, or null when empty. */
function parseText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request and returns the parsed JSON body (null for an empty body).
 * @throws ApiError with status NO_RESPONSE and MSG.networkError when the server is unreachable,
 *   or with the response status and the message of `errorMessageFor` for a non-2xx response.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(path, options);
  const body = parseText(await readBody(response, options.signal));
  if (typeof body === 'string') {
    // A 2xx that is not JSON (e.g. an HTML fallback page): not something the client can use.
    throw new ApiError(
      response.status,
      body,
      MSG.serverError(response.status, response.statusText),
    );
  }
  return body;
}

/** Validates a response body with a contracts schema; a mismatch is an ApiError (MSG.unexpected). */
export function parseWith<T>(schema: z.ZodType<T>, body: unknown, status = 200): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    console.error('Unexpected API response shape', result.error.issues);
    throw new ApiError(status, body, MSG.unexpected);
  }
  return result.data;
}

export function apiGet<T>(
  path: string,
  schema: z.ZodType<T>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest(path, { ...options, method: 'GET' }).then((body) => parseWith(schema, body));
}

export function apiPost<T>(
  path: string,
  payload: unknown,
  schema: z.ZodType<T>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest(path, { ...options, method: 'POST', body: payload }).then((body) =>
    parseWith(schema, body),
  );
}

/**
 * Sends a request (JSON or multipart body, extra headers such as `Idempotency-Key`) and validates
 * the JSON answer with a contracts schema. Content-Type is sent only with a JSON body; a 2xx body
 * that is not JSON fails the schema (MSG.unexpected).
 */
export async function apiSend<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => null);
  return parseWith(schema, body, response.status);
}

/**
 * Fetches a protected binary (a payment proof, a staff CSV export) as a Blob; `<img src>` and a
 * plain link cannot send the token. `accept` is the media type asked for.
 */
export async function apiBlob(
  path: string,
  signal?: AbortSignal,
  accept = 'image/*',
): Promise<Blob> {
  const response = await send(path, { signal, headers: { Accept: accept } });
  return response.blob();
}
