import { ApiError, errorMessageFor, parseWith } from '../../../lib/api';
import { MSG } from '@domino/contracts';
import type { z } from 'zod';
import { invalidateSession } from '../../../lib/session';
import { readToken } from '../../../lib/storage';

/**
 * Requests the shared api client cannot send yet: multipart bodies and extra headers
 * (`Idempotency-Key`). Same conventions as lib/api.ts: Accept JSON, X-Requested-With, the Bearer
 * token, Spanish ApiError messages, and a 401 on an authenticated call invalidates the session.
 */
export interface SendOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  /** A FormData body is sent as multipart; anything else (not undefined) as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function send(path: string, options: SendOptions): Promise<Response> {
  const token = readToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
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
    throw new ApiError(0, null, MSG.networkError);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let parsed: unknown = text === '' ? null : text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    if (response.status === 401 && token) invalidateSession();
    throw new ApiError(
      response.status,
      parsed,
      errorMessageFor(response.status, response.statusText, parsed),
    );
  }
  return response;
}

/** Sends a request and validates the JSON answer with a contracts schema. */
export async function sendJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options: SendOptions = {},
): Promise<T> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => null);
  return parseWith(schema, body, response.status);
}

/** Fetches a protected binary (a payment proof) as a Blob; `<img src>` cannot send the token. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { signal, headers: { Accept: 'image/*' } });
  return response.blob();
}
