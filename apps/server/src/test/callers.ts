import type { FastifyInstance } from 'fastify';
import type { Caller } from './bank-workload';
import { multipart } from './wallet-helpers';

/** A Caller over app.inject (in-process). */
export function injectCaller(app: FastifyInstance): Caller {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.key) headers['idempotency-key'] = opts.key;
    let payload: string | Buffer | undefined;
    if (opts.multipart) {
      const form = multipart(opts.multipart);
      Object.assign(headers, form.headers);
      payload = form.payload;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body };
  };
}

/** A Caller over real HTTP (fetch), for tests that kill the server process. */
export function httpCaller(baseUrl: () => string): Caller {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.key) headers['idempotency-key'] = opts.key;
    let body: FormData | string | undefined;
    if (opts.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(opts.multipart)) form.append(k, v);
      body = form;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(baseUrl() + url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  };
}
