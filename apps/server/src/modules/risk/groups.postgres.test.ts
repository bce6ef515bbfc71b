import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, MSG_RISK, type TableRules } from '@domino/contracts';
import {
  auditLog,
  authTokens,
  banks,
  riskItems,
  riskScanState,
  withdrawals,
} from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { playMatchToEnd } from '../../test/play';
import { fundedPlayer, loginAdmin, routeCallers, type Player } from '../../test/wallet-helpers';
import { scanPlayers, scanRisk } from './queue';

/**
 * Linked accounts as groups, scanned on their own (docs/decisions/049-risk-scanning-and-groups.md),
 * on real PostgreSQL: an address alone groups nobody; accounts joined by a device and a payout
 * phone are one item with every link, ranked by their money at stake; rescans and concurrent
 * scans keep one item; a decided item reopens only with new evidence; a settled match scans its
 * players (and whoever is linked to them) with nobody pressing "Recalcular".
 */
describe('risk groups on postgres', async () => {
  const skip = !(await postgresAvailable());
  let t: TestApp;
  let admin: string;
  let bankId: number;
  const db = () => t.database.db;
  const { get, post } = routeCallers(() => t.app);

  beforeAll(async () => {
    if (skip) return;
    t = await buildTestApp('postgres', {
      BOT_MIN_DELAY_MS: '0',
      BOT_MAX_DELAY_MS: '0',
      HAND_PAUSE_MS: '0',
    });
    admin = await loginAdmin(t);
    bankId = (await db().select({ id: banks.id }).from(banks).limit(1))[0]!.id;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** A registered player with `bs` bolívares (the registrations all come from one address). */
  const account = (bs = 100) => fundedPlayer(t, admin, bs);

  /** A session of `userId` on a browser with device id `device` from address `ip`. */
  async function session(userId: number, device: string | null, ip = '198.51.100.20') {
    await db()
      .insert(authTokens)
      .values({
        userId,
        tokenHash: `test-${randomUUID()}`,
        expiresAt: new Date(Date.now() + 86_400_000),
        deviceId: device,
        ip,
      });
  }

  /** A withdrawal of `userId` paid to Pago Móvil `phone` (pending: money at stake). */
  async function payoutTo(userId: number, phone: string, cents = 1_000) {
    await db()
      .insert(withdrawals)
      .values({
        userId,
        amountCents: cents,
        bankId,
        payoutPhone: phone,
        payoutTypeIdentification: 'V',
        payoutNIdentification: String(30_000_000 + userId),
        payoutName: 'Titular de prueba',
      });
  }

  /** Every `linked` item (any status) naming one of `ids`. */
  async function linkedItemsOf(ids: number[]) {
    const rows = await db().select().from(riskItems).where(eq(riskItems.kind, 'linked'));
    return rows.filter((r) => r.userIds.some((id) => ids.includes(id)));
  }

  const INDIVIDUAL_2: TableRules = { ...DEFAULT_RULES, mode: 'individual', players: 2 };

  it.skipIf(skip)(
    'a settled match scans its players and who is linked to them, with no one pressing Recalcular',
    async () => {
      const host = await account(1000);
      const guest = await account(1000);
      // The host's second account, on the host's phone; it never plays.
      const second = await account(10);
      const phone = `phone-${randomUUID()}`;
      await session(host.id, phone);
      await session(second.id, phone);
      const made = await post('/api/private-tables', host.token, {
        rules: INDIVIDUAL_2,
        entry_price: 100,
      });
      expect(made.statusCode, made.body).toBe(200);
      const code = made.json().table.private.invite_code as string;
      const joined = await post(`/api/private-tables/${code}/join`, guest.token, {
        entry_price: 100,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      const detail = (await get(`/api/tables/${made.json().table.id}`, guest.token)).json();
      expect(await linkedItemsOf([host.id, second.id])).toEqual([]);

      await playMatchToEnd(t, detail.game_id as string, [host, guest]);
      await expect
        .poll(async () => (await linkedItemsOf([second.id])).map((r) => r.userIds), {
          timeout: 20_000,
          interval: 100,
        })
        .toEqual([[host.id, second.id].sort((a, b) => a - b)]);
      // Nobody ran a full scan: the settled match's own scan found the group.
      const [state] = await db().select().from(riskScanState);
      expect(state!.lastFullScanAt).toBeNull();
      expect(state!.lastResult).toMatchObject({ kind: 'players' });
      expect(await linkedItemsOf([guest.id])).toEqual([]);
    },
    120_000,
  );

  it.skipIf(skip)('sixteen accounts on one address and no other link make no item', async () => {
    const crowd: Player[] = [];
    for (let i = 0; i < 16; i++) {
      const p = await account();
      await session(p.id, `own-${randomUUID()}`, '203.0.113.99');
      crowd.push(p);
    }
    const ids = crowd.map((p) => p.id);
    await scanRisk(db());
    await scanPlayers(db(), ids);
    expect(await linkedItemsOf(ids)).toEqual([]);
    const listed = await get('/api/admin/risk/items?status=open', admin);
    expect(
      listed
        .json()
        .data.filter((i: { accounts: { id: number }[] }) =>
          i.accounts.some((a) => ids.includes(a.id)),
        ),
    ).toEqual([]);
  });

  it.skipIf(skip)(
    'three accounts on one device and one payout phone are one item with every link, ranked by money at stake; rescans keep it',
    async () => {
      const [a, b, c] = [await account(100), await account(200), await account(300)];
      const device = `dev-${randomUUID()}`;
      const payout = `0414${String(Date.now()).slice(-7)}`;
      await session(a.id, device);
      await session(b.id, device);
      await payoutTo(b.id, payout, 1_500);
      await payoutTo(c.id, payout, 2_500);
      const ids = [a.id, b.id, c.id].sort((x, y) => x - y);

      const first = await scanRisk(db());
      expect(first.skipped).toBe(false);
      const items = await linkedItemsOf(ids);
      expect(items).toHaveLength(1);
      const item = items[0]!;
      expect(item.userIds).toEqual(ids);
      expect(item.status).toBe('open');
      const pair = (x: number, y: number) => [Math.min(x, y), Math.max(x, y)];
      const ev = item.evidence as {
        signals: string[];
        links: { a: number; b: number; signals: string[]; shared_address: boolean }[];
      };
      expect(ev.signals).toEqual(['device', 'payout_phone', 'address']);
      expect(ev.links.map((l) => [l.a, l.b, l.signals])).toEqual(
        [
          [...pair(a.id, b.id), ['device']],
          [...pair(b.id, c.id), ['payout_phone']],
        ].sort((x, y) => (x[0] as number) - (y[0] as number)),
      );
      // Wallets Bs 100 + 200 + 300 and the two pending withdrawals (Bs 15 and 25), in céntimos.
      expect(item.stakeCents).toBe(60_000 + 1_500 + 2_500);

      // The API gives the group with its stake in bolívares, before smaller stakes.
      const list = (await get('/api/admin/risk/items?status=open', admin)).json().data as {
        id: number;
        kind: string;
        stake: number;
        evidence: { links?: unknown[]; stakes?: Record<string, number> };
      }[];
      const listed = list.find((i) => i.id === item.id)!;
      expect(listed.stake).toBe(640);
      expect(listed.evidence.links).toHaveLength(2);
      expect(listed.evidence.stakes).toEqual({
        [a.id]: 100,
        [b.id]: 215,
        [c.id]: 325,
      });
      const stakes = list.map((i) => i.stake);
      expect(stakes).toEqual([...stakes].sort((x, y) => y - x));

      // Rescanning, twice and in every way, keeps one item, refreshed.
      await scanRisk(db());
      await scanRisk(db());
      await scanPlayers(db(), [c.id]);
      const again = await linkedItemsOf(ids);
      expect(again.map((r) => [r.id, r.status])).toEqual([[item.id, 'open']]);
      expect(again[0]!.lastSeenAt.getTime()).toBeGreaterThan(item.lastSeenAt.getTime());
    },
  );

  it.skipIf(skip)(
    'a dismissed group stays dismissed until new evidence appears, then reopens',
    async () => {
      const [a, b] = [await account(), await account()];
      const device = `dev-${randomUUID()}`;
      await session(a.id, device);
      await session(b.id, device);
      await scanRisk(db());
      const [item] = await linkedItemsOf([a.id]);
      const dismissed = await post(`/api/admin/risk/items/${item!.id}/dismiss`, admin, {
        note: 'Hermanos con un mismo teléfono',
      });
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json().message).toBe(MSG_RISK.dismissed);

      await scanRisk(db());
      await scanPlayers(db(), [a.id, b.id]);
      let rows = await linkedItemsOf([a.id, b.id]);
      expect(rows.map((r) => [r.id, r.status])).toEqual([[item!.id, 'dismissed']]);

      // A third account signs in on the same phone: new evidence.
      const c = await account();
      await session(c.id, device);
      await scanPlayers(db(), [c.id]);
      rows = await linkedItemsOf([a.id, b.id, c.id]);
      expect(rows.map((r) => [r.id, r.status, r.userIds.length])).toEqual([[item!.id, 'open', 3]]);
      const reopened = await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'risk.item.reopen'), eq(auditLog.targetId, String(item!.id))),
        );
      expect(reopened).toHaveLength(1);
      expect(reopened[0]!.actorUserId).toBeNull();
      expect(reopened[0]!.before).toMatchObject({ status: 'dismissed' });

      // Staff act on it; the confirmed pattern that action creates is not new evidence.
      const acted = await post(`/api/admin/risk/accounts/${c.id}/actions`, admin, {
        action: 'flag',
        reason: 'Tres cuentas de un teléfono',
        item_id: item!.id,
      });
      expect(acted.statusCode).toBe(200);
      await scanRisk(db());
      rows = await linkedItemsOf([a.id]);
      expect(rows.map((r) => [r.id, r.status])).toEqual([[item!.id, 'actioned']]);
    },
  );

  it.skipIf(skip)('pair items of earlier scans are merged into their group', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    const device = `dev-${randomUUID()}`;
    for (const p of [a, b, c]) await session(p.id, device);
    const ids = [a.id, b.id, c.id].sort((x, y) => x - y);
    // As decision 032 wrote them: one item per pair.
    const legacy = await db()
      .insert(riskItems)
      .values([
        {
          kind: 'linked',
          key: `linked:${ids[0]}:${ids[1]}`,
          userIds: [ids[0]!, ids[1]!],
          evidence: { signals: ['device'] },
          score: 1,
        },
        {
          kind: 'linked',
          key: `linked:${ids[1]}:${ids[2]}`,
          userIds: [ids[1]!, ids[2]!],
          evidence: { signals: ['device'] },
          score: 1,
        },
      ])
      .returning({ id: riskItems.id });
    await scanRisk(db());
    const rows = await db()
      .select()
      .from(riskItems)
      .where(
        inArray(
          riskItems.id,
          legacy.map((l) => l.id),
        ),
      )
      .orderBy(riskItems.id);
    expect(rows.map((r) => [r.status, r.userIds])).toEqual([
      ['open', ids],
      ['merged', [ids[1], ids[2]]],
    ]);
    expect(rows[1]!.mergedInto).toBe(rows[0]!.id);
    const open = (await linkedItemsOf(ids)).filter((r) => r.status === 'open');
    expect(open).toHaveLength(1);
  });

  it.skipIf(skip)('two scanners at once write one item', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    const device = `dev-${randomUUID()}`;
    for (const p of [a, b, c]) await session(p.id, device);
    const results = await Promise.all([
      scanRisk(db()),
      scanRisk(db()),
      scanPlayers(db(), [a.id]),
      scanPlayers(db(), [c.id]),
    ]);
    expect(results.every((r) => !r.skipped)).toBe(true);
    const rows = await linkedItemsOf([a.id, b.id, c.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userIds).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));

    // The periodic job does not wait: while another scan holds the claim it skips, and it skips
    // when a full scan ran within its interval.
    const busy = await t.database.db.transaction(async (tx) => {
      await tx.select().from(riskScanState).for('update');
      return scanRisk(db(), new Date(), { ifOlderThanMs: 1 });
    });
    expect(busy.skipped).toBe(true);
    const recent = await scanRisk(db(), new Date(), { ifOlderThanMs: 60 * 60_000 });
    expect(recent.skipped).toBe(true);
    const due = await scanRisk(db(), new Date(Date.now() + 2 * 60 * 60_000), {
      ifOlderThanMs: 60 * 60_000,
    });
    expect(due.skipped).toBe(false);
    const [state] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(riskItems)
      .where(eq(riskItems.id, rows[0]!.id));
    expect(state!.n).toBe(1);
  });
});
