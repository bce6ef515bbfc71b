import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { INPUT_CODES, MSG, MSG_INPUT } from '@domino/contracts';
import { hugeCanvasPng } from '../apps/server/src/test/forms';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  TINY_PNG,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * Input hygiene (decision 014), the CSP (decision 015) and /public/api (decision 014) in real Chromium against the built app: the page
 * talks only to its own origin and its socket still delivers a balance credited by staff; a
 * 0-byte photo and a 20000 × 20000 PNG are refused by the server with their own Spanish messages
 * and no photo is stored; the original client's `/public/api` base address answers as `/api`, and no API
 * path gives the web page; the server's log keeps no token, password or query value.
 */
describe('input refusals and same-origin connections in the browser', () => {
  const journey = useJourney({ env: { LOG_LEVEL: 'info' } });

  const api = async (
    method: string,
    path: string,
    token?: string,
    body?: BodyInit,
    type?: string,
  ) => {
    const res = await fetch(`${journey.app.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      body,
    });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: await res.json(),
    };
  };

  const visible = async (page: Page, text: string, timeout = 10_000) => {
    await expect
      .poll(
        () => page.getByText(text, { exact: true }).filter({ visible: true }).first().isVisible(),
        {
          timeout,
          message: `visible: ${text}`,
        },
      )
      .toBe(true);
  };

  const snap = async (page: Page, name: string) => {
    await page.waitForSelector('#preloader', { state: 'hidden' });
    await shot(page, name);
  };

  /** Picks a file in the profile's hidden photo input, as the camera button does. */
  const pickPhoto = (page: Page, name: string, buffer: Buffer) =>
    page.getByTestId('avatar-input').setInputFiles({ name, mimeType: 'image/png', buffer });

  it.skipIf(!journey.ok)(
    'refuses bad photos in Spanish, keeps the socket on its own origin, and serves /public/api as JSON',
    { timeout: 170_000 },
    async () => {
      const player = await registerViaApi(journey.app.baseUrl);
      const admin = (
        await api('POST', '/api/login_api', undefined, JSON.stringify(ADMIN), 'application/json')
      ).body.token as string;

      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const context = await newContext(journey.browser, journey.app.baseUrl, viewport);
        const page = await context.newPage();
        const errors = trackErrors(page);
        const blocked: string[] = [];
        page.on('console', (m) => {
          if (/Content Security Policy|Refused to connect/i.test(m.text())) blocked.push(m.text());
        });
        const sockets: string[] = [];
        page.on('websocket', (ws) => sockets.push(ws.url()));

        await loginViaUi(page, player.email, player.password, '/dashboard');
        // The socket is a WebSocket to this very origin, allowed by connect-src 'self'.
        await expect
          .poll(
            () =>
              sockets.some((u) => u.startsWith(`ws://127.0.0.1:${journey.app.port}/socket.io/`)),
            {
              timeout: 15_000,
            },
          )
          .toBe(true);

        if (size === 'phone') {
          // Staff approve a recharge: the balance arrives through the socket, without a reload.
          const form = new FormData();
          form.set('amount', '300');
          form.set('reference', 'E2E11C');
          form.set('account_id', '1');
          form.set('payment_proof', new Blob([TINY_PNG], { type: 'image/png' }), 'pago.png');
          const recharge = await api('POST', '/api/recharge_api', player.token, form);
          expect(recharge.status).toBe(201);
          const approved = await api(
            'POST',
            `/api/admin/recharges/${recharge.body.id}/approve`,
            admin,
          );
          expect(approved.status).toBe(200);
          await expect
            .poll(() => page.getByTestId('balance-amount').first().innerText(), { timeout: 10_000 })
            .toContain('300,00');
        }

        await page.goto('/profile');
        await visible(page, 'Fecha de registro');
        await pickPhoto(page, 'vacia.png', Buffer.alloc(0));
        await visible(page, MSG_INPUT.fileEmpty);
        await pickPhoto(page, 'gigante.png', hugeCanvasPng());
        await visible(page, MSG_INPUT.imageTooManyPixels);
        await snap(page, `input-photo-refused-${size}`);
        const me = await api('GET', '/api/user', player.token);
        expect(me.body.avatar_url).toBeNull();

        // What an API client sees from this page, through the original client's base address.
        const fromPage = await page.evaluate(async () => {
          const read = async (url: string) => {
            const res = await fetch(url);
            return {
              status: res.status,
              type: res.headers.get('content-type'),
              body: await res.text(),
            };
          };
          return {
            games: await read('/public/api/games?token=pagina-secreta'),
            direct: await read('/api/games'),
            unknown: await read('/public/api/no-existe'),
            nul: await read('/public/api/tables?mesa=%00'),
            loose: await read('/public/api/tables/01'),
          };
        });
        expect(fromPage.games.status).toBe(200);
        expect(fromPage.games.type).toContain('application/json');
        expect(JSON.parse(fromPage.games.body)).toEqual(JSON.parse(fromPage.direct.body));
        expect(fromPage.unknown.status).toBe(404);
        expect(JSON.parse(fromPage.unknown.body)).toEqual({
          message: MSG.notFound,
          code: 'http/not_found',
        });
        expect(fromPage.nul.status).toBe(422);
        expect(JSON.parse(fromPage.nul.body).code).toBe(INPUT_CODES.invalidCharacters);
        expect(fromPage.loose.status).toBe(404);

        // Typed in the address bar, an API path shows JSON, never the web app.
        for (const path of ['/public/api/no-existe', '/API/games', '/api']) {
          const res = await page.goto(path);
          expect(res?.headers()['content-type'], path).toContain('application/json');
        }

        expect(blocked).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }

      const logs = journey.app.logs();
      expect(logs).toContain('token=[redacted]');
      for (const secret of [player.token, admin, player.password, 'pagina-secreta', '$argon2'])
        expect(logs, secret).not.toContain(secret);
    },
  );
});
