import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from './helpers';
import { newPlayer } from './helpers';

/** Builds a multipart body by hand (what a browser's FormData sends). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = `----domino${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="payment_proof"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small PNG (solid colour) and a JPEG carrying EXIF metadata, made with sharp. */
export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
}
export async function sampleJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#a70' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps here' } })
    .toBuffer();
}

export interface Player {
  token: string;
  id: number;
}

export async function registerPlayer(t: TestApp): Promise<Player> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register_api',
    payload: newPlayer(),
  });
  const body = res.json();
  return { token: body.token, id: body.user.id };
}

export async function loginAdmin(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login_api',
    payload: { email: t.config.ADMIN_EMAIL, password: t.config.ADMIN_PASSWORD },
  });
  return res.json().token;
}

export function auth(token: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...extra };
}

let refSeq = 0;
/** Requests a recharge of `amount` bolívares; returns the response. */
export async function requestRecharge(
  t: TestApp,
  token: string,
  amount: string,
  opts: {
    reference?: string;
    file?: { name: string; type: string; data: Buffer };
    key?: string;
  } = {},
) {
  refSeq += 1;
  const reference = opts.reference ?? `REF${Date.now() % 1_000_000}${refSeq}`;
  const form = multipart({ amount, reference, account_id: '1' }, opts.file);
  return t.app.inject({
    method: 'POST',
    url: '/api/recharge_api',
    payload: form.payload,
    headers: { ...form.headers, ...auth(token, opts.key ? { 'idempotency-key': opts.key } : {}) },
  });
}

/** Recharge + staff approval: gives a player `amount` bolívares of balance. */
export async function fundPlayer(
  t: TestApp,
  player: Player,
  adminToken: string,
  amount: string,
): Promise<void> {
  const res = await requestRecharge(t, player.token, amount);
  if (res.statusCode !== 201) throw new Error(`recharge failed: ${res.body}`);
  const ok = await t.app.inject({
    method: 'POST',
    url: `/api/admin/recharges/${res.json().id}/approve`,
    headers: auth(adminToken),
  });
  if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.body}`);
}

/**
 * Shorthand `app.inject` calls for route tests: JSON payloads, the bearer token when given, the
 * raw response back (`statusCode`, `json()`). `app` is read at call time, since suites build
 * their app in `beforeAll`.
 */
export function routeCallers(app: () => FastifyInstance) {
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: token ? auth(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  return {
    get: (url: string, token?: string) => send('GET', url, token),
    post: (url: string, token: string, payload?: unknown) => send('POST', url, token, payload),
    patch: (url: string, token: string, payload: unknown) => send('PATCH', url, token, payload),
    /** The player's balance in bolívares (GET /api/user/balance). */
    balance: async (token: string) =>
      (await send('GET', '/api/user/balance', token)).json().balance as number,
  };
}

/**
 * A newly registered player (`overrides` as for `newPlayer`, e.g. a name) given `amount`
 * bolívares by a staff adjustment.
 */
export async function fundedPlayer(
  t: TestApp,
  adminToken: string,
  amount: number,
  overrides: Record<string, unknown> = {},
): Promise<Player & { name: string }> {
  const payload = newPlayer(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/register_api', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const body = res.json();
  const player = {
    token: body.token as string,
    id: body.user.id as number,
    name: String(payload.name),
  };
  const adj = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${player.id}/adjustments`,
    headers: auth(adminToken),
    payload: { amount, reason: 'Saldo de prueba' },
  });
  if (adj.statusCode !== 200) throw new Error(`adjustment failed: ${adj.body}`);
  return player;
}
