import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG_QUICK, type QuickPlayStatus, type TableDetail } from '@domino/contracts';
import {
  ADMIN,
  DESKTOP,
  loginViaUi,
  newContext,
  PHONE,
  settled,
  shot,
  skipPotModal,
  trackErrors,
  uniquePlayer,
  useJourney,
} from './support';

/**
 * Quick play in the browser (docs/decisions/027-quick-play.md, 039): two players on phones
 * (360x740), behind ONE address (the server trusts X-Forwarded-For here, as behind the proxy; a
 * carrier's NAT gives strangers one address, which links nobody) with their own browser (own
 * device id), press "Jugar ahora" on the dashboard, pick individual and Bs. 100, confirm the
 * terms, see "Buscando mesa…" with who else searches, the rating range and when the search gives
 * up, and land in the same match. The server is checked: one quick table with both seated, each
 * charged the entry exactly once, the ledger consistent.
 */
/** The public address a carrier's NAT gives every player of this journey. */
const CARRIER = '203.0.113.7';

describe('quick play: two players press Jugar ahora and meet at one table', () => {
  const journey = useJourney({ env: { TRUST_PROXY: 'true' } });

  async function api(
    pathname: string,
    token: string,
    body?: unknown,
    ip = '127.0.0.1',
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${journey.app.baseUrl}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': ip,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function adminToken(): Promise<string> {
    const login = await fetch(`${journey.app.baseUrl}/api/login_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.1' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  /** A player registered from `ip` with Bs. 1000 from a staff adjustment. */
  async function fundedPlayer(admin: string, ip: string) {
    const p = uniquePlayer();
    const res = await fetch(`${journey.app.baseUrl}/api/register_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({
        name: p.name,
        email: p.email,
        type_identification: 'V',
        n_identification: p.identification,
        phone: p.areaCode + p.phone,
        password: p.password,
        password_confirmation: p.password,
        username: p.username,
        birth_date: p.birthDate,
        adult_declaration: true,
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: { id: number } };
    const adj = await api(`/api/admin/users/${body.user.id}/adjustments`, admin, {
      amount: 1000,
      reason: 'Saldo de prueba e2e',
    });
    expect(adj.status).toBe(200);
    return { ...p, token: body.token, id: body.user.id, ip };
  }

  async function phone(ip: string, viewport = PHONE): Promise<Page> {
    const ctx = await newContext(journey.browser, journey.app.baseUrl, viewport);
    await ctx.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await skipPotModal(ctx, journey.app.baseUrl);
    journey.contexts.push(ctx);
    return ctx.newPage();
  }

  /** Dashboard -> Jugar ahora -> individual, Bs. 100 -> confirm: the player is searching. */
  async function searchIndividual(page: Page, name: string) {
    await page.getByTestId('dashboard-quick-play').click();
    await page.waitForURL('**/jugar-ahora');
    await page.getByTestId('quick-mode').getByText('Individual (2)').click();
    await page.getByTestId('quick-price').getByText('Bs. 100,00').click();
    await shot(page, `quick-play-${name}-pick-360`);
    await page.getByTestId('quick-start').click();
    const modal = page.getByTestId('join-confirm');
    await expect.poll(() => modal.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('join-entry').textContent()).toContain('100,00');
    await settled(page); // the dialog's opening transition
    await shot(page, `quick-play-${name}-confirm-360`);
    await page.getByTestId('join-confirm-pay').click();
  }

  it.skipIf(!journey.ok)(
    'seats both in one individual match with the entry taken once each',
    async () => {
      const admin = await adminToken();
      // One carrier address for everybody (decision 039).
      const ana = await fundedPlayer(admin, CARRIER);
      const beto = await fundedPlayer(admin, CARRIER);
      const pa = await phone(ana.ip);
      const pb = await phone(beto.ip);
      const errors = [...trackErrors(pa), ...trackErrors(pb)];
      await loginViaUi(pa, ana.email, ana.password);
      await loginViaUi(pb, beto.email, beto.password);
      // Signing in left each browser its own sign-in cookie, unreadable by scripts (decision 039).
      const cookieOf = async (p: Page) =>
        (await p.context().cookies()).find((c) => c.name === 'domino_device');
      for (const p of [pa, pb])
        await expect.poll(async () => (await cookieOf(p))?.httpOnly).toBe(true);
      expect((await cookieOf(pa))?.value).not.toBe((await cookieOf(pb))?.value);
      await expect.poll(() => pa.getByTestId('dashboard-quick-play').isVisible()).toBe(true);
      await shot(pa, 'quick-play-dashboard-360');

      // Someone behind the same address already searches at another price (through the API).
      const dani = await fundedPlayer(admin, CARRIER);
      const daniQueued = await api('/api/quick-play', dani.token, {
        mode: 'individual',
        entry_price: 500,
      });
      expect(daniQueued.json.status).toBe('waiting');

      await searchIndividual(pa, 'ana');
      await expect.poll(() => pa.getByTestId('quick-searching').isVisible()).toBe(true);
      await expect.poll(() => pa.getByTestId('quick-window').textContent()).toContain('±100');
      await expect
        .poll(() => pa.getByTestId('quick-count').textContent())
        .toBe(MSG_QUICK.searching(1, 2));
      await expect
        .poll(() => pa.getByTestId('quick-gives-up').textContent())
        .toMatch(/^Si en [0-3]:\d\d no se forma la mesa, dejamos de buscar/);
      await expect.poll(() => pa.getByTestId('join-confirm').isVisible()).toBe(false);
      await expect
        .poll(() => pa.getByTestId('quick-other-prices').textContent())
        .toContain(`Bs. 500,00 · ${MSG_QUICK.otherPrice(1)}`);
      await settled(pa);
      await shot(pa, 'quick-play-searching-360');
      // A reload finds the search where it was (the status comes from the server).
      await pa.reload();
      await expect.poll(() => pa.getByTestId('quick-searching').isVisible()).toBe(true);
      // Nothing is charged while searching.
      expect((await api('/api/user/balance', ana.token)).json.balance).toBe(1000);

      await searchIndividual(pb, 'beto');
      // Both land at the table (waiting room, then the match after the countdown).
      for (const p of [pa, pb]) await p.waitForURL(/\/(waiting-room|games)\//, { timeout: 20_000 });
      await pa.waitForURL(/\/games\//, { timeout: 30_000 });
      await pb.waitForURL(/\/games\//, { timeout: 30_000 });
      expect(new URL(pa.url()).pathname).toBe(new URL(pb.url()).pathname);
      // Each player sees their own hand of the match.
      for (const p of [pa, pb])
        await expect.poll(() => p.getByTestId('hand').isVisible(), { timeout: 15_000 }).toBe(true);
      await shot(pa, 'quick-play-game-360');

      // The server: both matched to one quick table, seated once, charged once.
      const sa = (await api('/api/quick-play', ana.token)).json as QuickPlayStatus;
      const sb = (await api('/api/quick-play', beto.token)).json as QuickPlayStatus;
      expect(sa.status).toBe('matched');
      expect(sb).toEqual(sa);
      if (sa.status !== 'matched') throw new Error('not matched');
      expect(new URL(pa.url()).pathname).toBe(`/games/${sa.game_id}`);
      const table = (await api(`/api/tables/${sa.table_id}`, ana.token))
        .json as unknown as TableDetail;
      expect(table.seats.map((s) => s.user?.id).sort()).toEqual([ana.id, beto.id].sort());
      expect(table.entry_price).toBe(100);
      expect(table.mode).toBe('individual');
      expect((await api('/api/user/balance', ana.token)).json.balance).toBe(900);
      expect((await api('/api/user/balance', beto.token)).json.balance).toBe(900);
      // Hidden from the table list.
      const list = (await (await fetch(`${journey.app.baseUrl}/api/tables`)).json()) as {
        id: number;
      }[];
      expect(list.some((t) => t.id === sa.table_id)).toBe(false);
      expect((await api('/api/admin/ledger-check', admin, {})).json.ok).toBe(true);

      // The same screens on a desktop.
      const carla = await fundedPlayer(admin, CARRIER);
      const pc = await phone(carla.ip, DESKTOP);
      errors.push(...trackErrors(pc));
      await loginViaUi(pc, carla.email, carla.password);
      // The dashboard's first render after a login can take seconds on a loaded 2-core machine.
      await expect
        .poll(() => pc.getByTestId('dashboard-quick-play').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await shot(pc, 'quick-play-dashboard-desktop');
      await pc.getByTestId('dashboard-quick-play').click();
      await expect.poll(() => pc.getByTestId('quick-start').isVisible()).toBe(true);
      await shot(pc, 'quick-play-pick-desktop');
      await pc.getByTestId('quick-start').click();
      await pc.getByTestId('join-confirm-pay').click();
      await expect.poll(() => pc.getByTestId('quick-searching').isVisible()).toBe(true);
      await settled(pc);
      await shot(pc, 'quick-play-searching-desktop');
      await pc.getByTestId('quick-cancel').click();
      await expect.poll(() => pc.getByTestId('quick-notice').textContent()).toContain('Saliste');
      expect(((await api('/api/quick-play', carla.token)).json as QuickPlayStatus).status).toBe(
        'idle',
      );
      expect((await api('/api/user/balance', carla.token)).json.balance).toBe(1000);
      expect(errors).toEqual([]);
    },
  );
});
