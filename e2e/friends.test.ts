import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { friendships, tableInvitations } from '../apps/server/src/db/schema';
import type { Database } from '../apps/server/src/db/client';
import { createTestDatabase, postgresAvailable } from '../apps/server/src/test/helpers';
import { createPrivateTable } from '../apps/server/src/test/private-tables';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  REDIS_URL,
  browserAvailable,
  loginViaUi,
  newContext,
  redisAvailable,
  registerViaApi,
  shot,
  startApp,
  trackErrors,
  useJourney,
} from './support';

/**
 * Friends journey (docs/decisions/024): two players on two nodes sharing PostgreSQL and
 * Redis — Ana on a phone through node A, Beto on a desktop through node B — become friends on
 * /amigos (request by username, accept; Ana's page turns live), Ana sits at a private table
 * (written straight to the database: the private tables API is another feature), invites Beto
 * from /amigos, and the invitation toast appears on Beto's screen on the other node without a
 * reload, with "Unirme" leading to /invitacion/<code>. The server's state is checked at each step.
 */
describe('friends: request, accept and a live invitation across nodes', async () => {
  let database: (Database & { url?: string }) | undefined;
  const journey = useJourney({
    available: browserAvailable() && (await postgresAvailable()) && (await redisAvailable()),
    async start() {
      database = await createTestDatabase('postgres');
      const env = { DATABASE_URL: database.url!, REDIS_URL };
      const a = await startApp(env);
      const b = await startApp(env);
      return {
        nodes: [a, b],
        async stop() {
          await Promise.all([a.stop(), b.stop()]);
          await database?.close();
        },
      };
    },
  });

  async function usernameOf(baseUrl: string, token: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { username: string }).username;
  }

  async function openFriends(page: Page, viaMenu: 'drawer' | 'navbar') {
    if (viaMenu === 'drawer') {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'Amigos' }).click();
      await drawer.waitFor({ state: 'hidden' });
    } else {
      await page.getByTestId('nav-play-amigos').click();
    }
    await page.waitForURL('**/amigos');
    await page.getByRole('heading', { name: 'Amigos', level: 1 }).waitFor();
  }

  it.skipIf(!journey.ok)(
    'become friends, invite to a private table, and the toast arrives live on the other node',
    { timeout: 180_000 },
    async () => {
      const [nodeA, nodeB] = journey.nodes as [
        (typeof journey.nodes)[0],
        (typeof journey.nodes)[0],
      ];
      const ana = await registerViaApi(nodeA.baseUrl);
      const beto = await registerViaApi(nodeA.baseUrl);
      const betoUsername = await usernameOf(nodeA.baseUrl, beto.token);
      // A realistic balance, so the phone header is judged with a wide badge (the bell lives in
      // the menu on phones; a five-digit balance already fills the header without it).
      const admin = (await (
        await fetch(`${nodeA.baseUrl}/api/login_api`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()) as { token: string };
      const credited = await fetch(`${nodeA.baseUrl}/api/admin/users/${ana.id}/adjustments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ amount: 1234.56, reason: 'Saldo de prueba e2e' }),
      });
      expect(credited.status).toBe(200);
      const db = database!.db;
      const pair = () =>
        db
          .select()
          .from(friendships)
          .where(
            and(
              eq(friendships.userLow, Math.min(ana.id, beto.id)),
              eq(friendships.userHigh, Math.max(ana.id, beto.id)),
            ),
          );

      const anaCtx = await newContext(journey.browser, nodeA.baseUrl, PHONE);
      const betoCtx = await newContext(journey.browser, nodeB.baseUrl, DESKTOP);
      journey.contexts.push(anaCtx, betoCtx);
      const anaPage = await anaCtx.newPage();
      const betoPage = await betoCtx.newPage();
      const anaErrors = trackErrors(anaPage);
      const betoErrors = trackErrors(betoPage);

      // Ana asks Beto by username, from the phone menu.
      await loginViaUi(anaPage, ana.email, ana.password);
      await openFriends(anaPage, 'drawer');
      await anaPage.getByTestId('friend-username').fill(`@${betoUsername}`);
      await anaPage.getByTestId('friend-request-send').click();
      await anaPage.getByText('Solicitud de amistad enviada.').waitFor();
      await anaPage.getByTestId('outgoing-row').waitFor();
      expect((await pair()).map((r) => [r.status, r.requestedBy])).toEqual([['pending', ana.id]]);

      // Beto, on the other node, accepts from the navbar's page.
      await loginViaUi(betoPage, beto.email, beto.password);
      await openFriends(betoPage, 'navbar');
      const incoming = betoPage.getByTestId('incoming-row');
      await incoming.waitFor();
      await incoming.getByTestId('request-accept').click();
      await betoPage.getByText('Solicitud aceptada. ¡Ahora son amigos!').waitFor();
      expect((await pair()).map((r) => r.status)).toEqual(['accepted']);

      // Ana's page follows live: Beto is her friend, online.
      const betoRow = anaPage.getByTestId('friend-row');
      await betoRow.waitFor({ timeout: 10_000 });
      await betoRow.getByTestId('friend-presence').getByText('En línea').waitFor();

      // Ana sits at a private table; from /amigos she invites Beto.
      const table = await createPrivateTable(db, {
        hostUserId: ana.id,
        seated: [ana.id],
        name: 'Mesa de Ana',
        entryCents: 50_000,
      });
      await anaPage.reload();
      await anaPage.getByTestId('private-table-hint').waitFor();
      // Nothing sticks out sideways on a 360 px phone.
      expect(
        await anaPage.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(PHONE.width);
      await shot(anaPage, 'friends-phone');
      await betoRow.getByTestId('friend-invite').click();
      await anaPage.getByText('Invitación enviada.').waitFor();
      const stored = await db
        .select()
        .from(tableInvitations)
        .where(eq(tableInvitations.tableId, table.id));
      expect(stored.map((i) => [i.fromUserId, i.toUserId, i.status])).toEqual([
        [ana.id, beto.id, 'pending'],
      ]);

      // Beto's screen on node B shows the invitation without a reload: only the push shows this
      // toast (nothing polls for it), so the wait is the default bound, not a speed target.
      const toast = betoPage.getByTestId('invitation-toast');
      await toast.waitFor();
      const notification = betoPage.locator(`#invitation-${stored[0]!.id}`);
      expect(await notification.textContent()).toContain('María P. te invita a «Mesa de Ana»');
      expect(await toast.textContent()).toContain('Parejas · Entrada Bs. 500,00 · 1 de 4 sentados');
      // The bell counts it, and the page lists it too (so a reload keeps it).
      // The count renders from the same push as the toast, on its own render: wait for it.
      await expect
        .poll(() => betoPage.getByTestId('invitations-count').textContent())
        .toContain('1');
      await betoPage.getByTestId('friends-invitations').waitFor();
      await shot(betoPage, 'friends-desktop');

      await betoPage.getByTestId('invitation-toast-join').click();
      await betoPage.waitForURL(`**/invitacion/${table.inviteCode}`);

      // Back on /amigos, Beto dismisses it: stored as declined, gone from the bell.
      await betoPage.goto('/amigos');
      await betoPage.getByTestId('friends-invitations').getByTestId('invitation-decline').click();
      await betoPage.getByText('Invitación rechazada.').waitFor();
      await betoPage.getByTestId('friends-invitations').waitFor({ state: 'detached' });
      const after = await db
        .select({ status: tableInvitations.status })
        .from(tableInvitations)
        .where(eq(tableInvitations.tableId, table.id));
      expect(after).toEqual([{ status: 'declined' }]);

      // The other way round, on the phone: Beto hosts a free table and invites Ana (through the
      // API, node B); Ana's phone shows the toast, a dot on the menu and the entry in it.
      const betoTable = await createPrivateTable(db, {
        hostUserId: beto.id,
        seated: [beto.id],
        name: 'Mesa de Beto',
        players: 2,
      });
      const invited = await fetch(`${nodeB.baseUrl}/api/friends/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${beto.token}` },
        body: JSON.stringify({ user_id: ana.id, table_id: betoTable.id }),
      });
      expect(invited.status).toBe(200);
      await anaPage.getByTestId('invitation-toast').waitFor();
      expect(await anaPage.getByTestId('invitation-toast').textContent()).toContain(
        'Individual · Amistosa · 1 de 2 sentados',
      );
      await shot(anaPage, 'friends-invitation-toast-phone');
      await anaPage.getByRole('button', { name: 'Abrir menú' }).click();
      const drawer = anaPage.getByRole('dialog');
      const entry = drawer.getByTestId('menu-invitations');
      await entry.waitFor();
      expect(await entry.getAttribute('aria-label')).toBe('Invitaciones: 1 pendiente');
      await entry.click();
      await anaPage.waitForURL('**/amigos');
      await anaPage.getByTestId('friends-invitations').waitFor();

      expect(anaErrors).toEqual([]);
      expect(betoErrors).toEqual([]);
    },
  );
});
